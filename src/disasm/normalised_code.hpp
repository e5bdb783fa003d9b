// A function's machine code as text that does not change when the code only moves: what
// two builds' listings of a function must agree on for it to be the same code wherever
// the linker put it. Pure: objdump's parsed listing in, lines and a digest out.
//
// Only what depends on the function's own address or its neighbours' is rewritten: a branch
// inside the function becomes its offset from the function's start, a branch or call
// elsewhere the target's symbol (objdump's "<name+0x..>"), a RIP-relative operand loses its
// displacement and keeps the symbol objdump names for it. Everything else stays as objdump
// prints it, padding no-ops included: a difference there is a difference in the code, and
// the digest errs on "changed", never on "same".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "disasm/objdump_listing.hpp"

namespace tare::disasm {

/// Where a function sits in its object file: [start, stop).
struct FunctionRange {
  std::uint64_t start = 0, stop = 0;
  bool holds(std::uint64_t address) const { return address >= start && address < stop; }
};

/// One instruction's text with what depends on placement rewritten (see above):
/// "jne +0x20", "call <memcpy@plt>", "mov (%rip),%eax # <counter>".
std::string normalised_instruction(const DisassembledInstruction& instruction, FunctionRange function);

/// normalised_instruction of every instruction of `listing` (the function's, in address order).
std::vector<std::string> normalised_code(const std::vector<DisassembledInstruction>& listing, FunctionRange function);

/// FNV-1a 64 of the lines, each ended by a line feed, as 16 lowercase hex digits.
std::string code_digest(const std::vector<std::string>& lines);

}  // namespace tare::disasm
