// Which instructions of a function's listing are padding: the no-ops an assembler puts
// before a loop, a jump target or a function to align it, and the int3s a linker fills the
// rest of a function's range with. They are never executed as the code's work (or do
// nothing when they are), and a build that aligns its code otherwise, or whose code moved
// by a few bytes, pads with other no-ops of other lengths ("nop", "xchg %ax,%ax", "nopl
// 0x0(%rax)", "data16 cs nopw 0x0(%rax,%rax,1)") around the same code. Pure.
#pragma once

#include <vector>

#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// Whether objdump's `instruction` is one of x86-64's no-ops, of any length: nop, nopw,
/// nopl and nopq with any operand and any prefixes objdump prints before them (data16, cs,
/// ds, rex.W, ...: "data16 cs nopw 0x0(%rax,%rax,1)", older binutils' "nopw
/// %cs:0x0(%rax,%rax,1)"), "xchg %ax,%ax", and a lea of a 64-bit register into itself with
/// no displacement ("lea 0x0(%rsi,%riz,1),%rsi"). Not "xchg %eax,%eax" nor a lea into a
/// 32-bit register: in 64-bit code they clear the register's upper half.
bool is_no_op(const DisassembledInstruction& instruction);

/// `listing` (one function's, in address order) without its padding: every no-op, and the
/// int3s after its last other instruction (filler up to the next function; an int3 between
/// two instructions stays, a trap the code may reach).
std::vector<DisassembledInstruction> without_padding(const std::vector<DisassembledInstruction>& listing);

}  // namespace tare::disasm
