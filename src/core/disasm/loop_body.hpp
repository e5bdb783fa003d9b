// Whether a loop's instructions do any of the operation's work, or only count the loop's
// iterations (x86-64, objdump's AT&T syntax). Pure.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// The registers a loop counts in: those of the last instruction before its closing branch
/// that sets the branch's flags (cmp, test, add, sub, inc, dec), by family ("%ebx" and
/// "%rbx" are "bx", "%r8d" is "r8"). Empty when the loop does not end that way.
std::set<std::string> counter_registers(const std::vector<DisassembledInstruction>& loop);

/// False for what an empty or constant operation leaves in the timed loop: no-ops, branches,
/// moves from a register or a constant to a register or the stack frame (nothing read from
/// memory, nothing stored elsewhere), zeroing a register, comparisons, and arithmetic with
/// constants on a `counter` register (add, sub, inc, dec, lea of it plus a constant). True
/// for everything else: a memory read, a store, a call, arithmetic on any other register.
bool does_work(const DisassembledInstruction& instruction, const std::set<std::string>& counter);

/// True when `loop` (ending with its backward branch) is not empty and none of its
/// instructions does work.
bool only_counts_iterations(const std::vector<DisassembledInstruction>& loop);

}  // namespace tare::disasm
