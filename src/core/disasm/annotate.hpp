// The hot code of a benchmark, annotated: callgrind's count of each instruction joined
// with objdump's disassembly of the costliest function, its hottest region marked, the
// region whole and whatever else holds more than a sliver of the count listed, the rest
// summed up, and whether the timed loop does any work. Pure.
#pragma once

#include <cstddef>
#include <vector>

#include "disasm/callgrind_profile.hpp"
#include "disasm/objdump_listing.hpp"
#include "results/results.hpp"

namespace tare::disasm {

struct AnnotationLimits {
  /// Instructions listed at most: a loop of a few hundred instructions (an unrolled body)
  /// is listed whole; a longer listing is cut to its costliest stretch of this many, and
  /// the whole of it goes to a file (AsmProfile::listing_cut).
  std::size_t max_listed = 400;
  std::size_t context = 4;  ///< instructions listed either side of the hottest region
  /// The share of the batch's count the instructions left out above the listing may hold
  /// at most, and those below it: the listing grows until they hold no more.
  double most_left_out = 0.001;
  std::size_t other_functions = 3;  ///< functions named beside the costliest one
};

/// The annotation, and the function's whole listing for when it does not fit
/// (shown.listing_cut).
struct AnnotatedCode {
  results::AsmProfile shown;
  /// Every instruction of the costliest function's listing with its share, in address order.
  std::vector<results::AsmInstruction> whole;
};

/// `disassembly` holds objdump's listing of at least the costliest function's executed
/// range (profile.functions[0]); instructions of other symbols in it are left out. The
/// work counts as optimized away when the hottest region is a loop that holds at least
/// half of all instructions counted and none of its instructions does work (loop_body.hpp).
AnnotatedCode annotate(const CallgrindProfile& profile, const std::vector<DisassembledInstruction>& disassembly,
                       const AnnotationLimits& limits = {});

}  // namespace tare::disasm
