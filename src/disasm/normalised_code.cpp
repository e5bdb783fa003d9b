#include "disasm/normalised_code.hpp"

#include <cstdio>
#include <string_view>

namespace tare::disasm {
namespace {

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

// "1040 <memcpy@plt>" -> "<memcpy@plt>", wherever objdump writes an address followed by the
// symbol it is in: the symbol (and the offset into it) says what the address is, and does
// not change when either moves.
std::string symbols_for_addresses(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const bool token_start = i == 0 || !is_hex_digit(text[i - 1]);
    std::size_t end = i;
    while (token_start && end < text.size() && is_hex_digit(text[end])) ++end;
    if (end > i && text.compare(end, 2, " <") == 0) {
      i = end + 1;  // drop the address and its space; "<" is copied next
      continue;
    }
    out += text[i++];
  }
  return out;
}

// "0x2f(%rip)" -> "(%rip)", "-0x18(%rip)" -> "(%rip)": the distance from the instruction to
// its datum changes whenever either moves; the comment names the datum instead.
std::string without_rip_displacements(std::string text) {
  constexpr std::string_view kRip = "(%rip)";
  for (auto at = text.find(kRip); at != std::string::npos; at = text.find(kRip, at + 1)) {
    std::size_t begin = at;
    while (begin > 0 && (is_hex_digit(text[begin - 1]) || text[begin - 1] == 'x' || text[begin - 1] == '-')) --begin;
    text.erase(begin, at - begin);
    at = begin;
  }
  return text;
}

std::string offset_text(std::uint64_t offset) {
  char text[32];
  std::snprintf(text, sizeof text, "+0x%llx", static_cast<unsigned long long>(offset));
  return text;
}

}  // namespace

std::string normalised_instruction(const DisassembledInstruction& instruction, FunctionRange function) {
  std::string operands;
  if (instruction.branch_target && function.holds(*instruction.branch_target))
    operands = offset_text(*instruction.branch_target - function.start);
  else
    operands = without_rip_displacements(symbols_for_addresses(instruction.operands));
  std::string line = instruction.mnemonic;
  if (!operands.empty()) line += " " + operands;
  // A comment without a symbol keeps its address: nothing better says what it points to.
  if (!instruction.comment.empty()) line += " # " + symbols_for_addresses(instruction.comment);
  return line;
}

std::vector<std::string> normalised_code(const std::vector<DisassembledInstruction>& listing, FunctionRange function) {
  std::vector<std::string> lines;
  lines.reserve(listing.size());
  for (const auto& instruction : listing) lines.push_back(normalised_instruction(instruction, function));
  return lines;
}

std::string code_digest(const std::vector<std::string>& lines) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a 64's offset basis and prime
  const auto add = [&hash](char c) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  };
  for (const auto& line : lines) {
    for (const char c : line) add(c);
    add('\n');
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace tare::disasm
