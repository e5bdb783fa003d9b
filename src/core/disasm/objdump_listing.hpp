// What `objdump -d -l -C --no-show-raw-insn` prints, read back: each instruction's address,
// text, the function symbol it belongs to and the source line debug info gives it. Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tare::disasm {

struct DisassembledInstruction {
  std::uint64_t address = 0;
  std::string symbol;    ///< the function symbol it is in (demangled), "" before any
  std::string mnemonic;  ///< "add", "jne", "cs" (a prefix objdump prints first)
  std::string operands;  ///< "%r8,%rcx"; a branch to its own function is its address alone
  std::string source;    ///< "sum.cpp:7" (the file's name without its folders), "" unknown
  /// What objdump says after the operands' "#": the address a RIP-relative operand points
  /// to and its symbol ("4010 <numbers+0x8>"); "" for most instructions.
  std::string comment;
  std::optional<std::uint64_t> branch_target;  ///< jumps and calls to a known address

  std::string text() const { return operands.empty() ? mnemonic : mnemonic + " " + operands; }
};

/// The instructions of an objdump listing, in the order printed. Lines that are not
/// instructions (headers, section names, "...") only set the symbol and source of the
/// instructions after them.
std::vector<DisassembledInstruction> parse_objdump(std::string_view text);

}  // namespace tare::disasm
