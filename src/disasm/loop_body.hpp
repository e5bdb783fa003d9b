// Whether a loop's instructions do any of the operation's work, or only count the loop's
// iterations (x86-64, objdump's AT&T syntax). Pure.
#pragma once

#include <vector>

#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// False for what an empty or constant operation leaves in the timed loop: no-ops, branches,
/// moves from a register or a constant to a register or the stack frame (nothing read from
/// memory, nothing stored elsewhere), zeroing a register, and the counter's own arithmetic
/// with constants (add, sub, inc, dec, cmp, test, lea of a register plus a constant). True
/// for everything else: a memory read, a store, a call, arithmetic between registers.
bool does_work(const DisassembledInstruction& instruction);

/// True when `loop` is not empty and none of its instructions does work.
bool only_counts_iterations(const std::vector<DisassembledInstruction>& loop);

}  // namespace tare::disasm
