// A function's machine code as text that does not change when the code only moves: what
// two builds' listings of a function must agree on for it to be the same code wherever
// the linker put it. Pure: objdump's parsed listing in, lines and a digest out.
//
// Only what depends on where the function, its padding or its neighbours sit is rewritten
// or left out: padding (padding.hpp: alignment no-ops anywhere, int3 filler at the end) is
// dropped; a branch to a place inside the function becomes the index of its target among
// the function's other instructions ("jne @5": padding of another size before the target
// moves it, and not its index); a branch or call elsewhere the target's symbol (objdump's
// "<name+0x..>"); a RIP-relative operand loses its displacement and keeps the symbol objdump
// names for it. Everything else stays as objdump prints it: a difference there is a
// difference in the code, and the digest errs on "changed", never on "same".
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

/// A function's listing as its normalised lines refer to places inside it.
class FunctionCode {
 public:
  /// `listing`: the function's instructions (those in `range`), in address order.
  FunctionCode(const std::vector<DisassembledInstruction>& listing, FunctionRange range);

  FunctionRange range() const { return range_; }
  /// The listing without its padding: the instructions normalised_code writes a line for.
  const std::vector<DisassembledInstruction>& code() const { return code_; }
  /// A place inside the function: "@k", k the index in code() of the first instruction at
  /// or after `address` (a jump to padding runs on into what follows it) when an
  /// instruction of the listing starts there; "+0x1f", its offset from the entry,
  /// otherwise (a jump into the middle of an instruction, where only the bytes tell).
  std::string position(std::uint64_t address) const;

 private:
  FunctionRange range_;
  std::vector<DisassembledInstruction> code_;
  std::vector<std::uint64_t> starts_;  ///< every instruction's address, padding included
};

/// One instruction's text with what depends on placement rewritten (see above):
/// "jne @5", "call <memcpy@plt>", "mov (%rip),%eax # <counter>".
std::string normalised_instruction(const DisassembledInstruction& instruction, const FunctionCode& function);

/// normalised_instruction of every instruction of `listing` (the function's, in address
/// order) but its padding.
std::vector<std::string> normalised_code(const std::vector<DisassembledInstruction>& listing, FunctionRange range);

/// FNV-1a 64 of the lines, each ended by a line feed, as 16 lowercase hex digits.
std::string code_digest(const std::vector<std::string>& lines);

}  // namespace tare::disasm
