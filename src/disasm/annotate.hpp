// The hot code of a benchmark, annotated: callgrind's count of each instruction joined
// with objdump's disassembly of the costliest function, its hottest region marked, a
// window of it kept, the rest summed up, and whether the timed loop does any work. Pure.
#pragma once

#include <cstddef>
#include <vector>

#include "disasm/callgrind_profile.hpp"
#include "disasm/objdump_listing.hpp"
#include "results/results.hpp"

namespace tare::disasm {

struct AnnotationLimits {
  std::size_t max_listed = 28;      ///< instructions shown at most (a console block fits a screen)
  std::size_t context = 4;          ///< instructions shown either side of the hottest region
  std::size_t other_functions = 3;  ///< functions named beside the costliest one
};

/// `disassembly` holds objdump's listing of at least the costliest function's executed
/// range (profile.functions[0]); instructions of other symbols in it are left out. The
/// work counts as optimized away when the hottest region is a loop that holds at least
/// half of all instructions counted and none of its instructions does work (loop_body.hpp).
results::AsmProfile annotate(const CallgrindProfile& profile, const std::vector<DisassembledInstruction>& disassembly,
                             const AnnotationLimits& limits = {});

}  // namespace tare::disasm
