#include "disasm/rep_string.hpp"

namespace tare::disasm {
namespace {

// The longest x86 instruction: at most this many bytes are prefixes and opcode.
constexpr std::size_t kLongestInstruction = 15;

bool is_legacy_prefix(unsigned char byte) {
  switch (byte) {
    case 0xF0: case 0xF2: case 0xF3:                                   // lock, repne, rep
    case 0x2E: case 0x36: case 0x3E: case 0x26: case 0x64: case 0x65:  // segments
    case 0x66: case 0x67:                                              // operand and address size
      return true;
    default:
      return false;
  }
}

bool is_rex(unsigned char byte) { return (byte & 0xF0) == 0x40; }

// One-byte opcodes of the string instructions: ins 6C-6D, outs 6E-6F, movs A4-A5,
// cmps A6-A7, stos AA-AB, lods AC-AD, scas AE-AF.
bool is_string_opcode(unsigned char byte) {
  return (byte >= 0x6C && byte <= 0x6F) || (byte >= 0xA4 && byte <= 0xA7) || (byte >= 0xAA && byte <= 0xAF);
}

}  // namespace

bool is_rep_string(std::string_view code) {
  bool repeated = false;
  std::size_t i = 0;
  for (; i < code.size() && i < kLongestInstruction && is_legacy_prefix(static_cast<unsigned char>(code[i])); ++i) {
    const auto byte = static_cast<unsigned char>(code[i]);
    repeated |= byte == 0xF2 || byte == 0xF3;
  }
  // A REX prefix comes last, right before the opcode.
  if (i < code.size() && is_rex(static_cast<unsigned char>(code[i]))) ++i;
  return repeated && i < code.size() && is_string_opcode(static_cast<unsigned char>(code[i]));
}

std::uint64_t rep_string_cost(const FunctionCosts& costs, const LoadedCode& code) {
  std::uint64_t sum = 0;
  for (const auto& [address, cost] : costs.instructions)
    if (is_rep_string(code.bytes_at(address, kLongestInstruction))) sum += cost;
  return sum;
}

}  // namespace tare::disasm
