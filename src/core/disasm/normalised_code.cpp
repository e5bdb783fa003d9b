#include "disasm/normalised_code.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string_view>

#include "disasm/padding.hpp"

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

// The address a comment starts with ("1290 <f+0x30>", "3fe8"), when it is one.
std::optional<std::uint64_t> comment_address(std::string_view comment) {
  const auto end = std::min(comment.find(' '), comment.size());
  std::uint64_t address = 0;
  const auto [stop, error] = std::from_chars(comment.data(), comment.data() + end, address, 16);
  if (end == 0 || error != std::errc() || stop != comment.data() + end) return std::nullopt;
  return address;
}

// A comment naming a place inside the function (a RIP-relative lea of a label of its own)
// says where as a branch does; any other keeps its symbol, or its address when it has no
// symbol: nothing better says what it points to.
std::string comment_text(std::string_view comment, const FunctionCode& function) {
  if (const auto address = comment_address(comment); address && function.range().holds(*address))
    return function.position(*address);
  return symbols_for_addresses(comment);
}

}  // namespace

FunctionCode::FunctionCode(const std::vector<DisassembledInstruction>& listing, FunctionRange range)
    : range_(range), code_(without_padding(listing)) {
  starts_.reserve(listing.size());
  for (const auto& instruction : listing) starts_.push_back(instruction.address);
}

std::string FunctionCode::position(std::uint64_t address) const {
  if (!std::binary_search(starts_.begin(), starts_.end(), address)) return offset_text(address - range_.start);
  const auto next = std::lower_bound(code_.begin(), code_.end(), address,
                                     [](const DisassembledInstruction& i, std::uint64_t a) { return i.address < a; });
  char text[32];
  std::snprintf(text, sizeof text, "@%td", next - code_.begin());
  return text;
}

std::string normalised_instruction(const DisassembledInstruction& instruction, const FunctionCode& function) {
  std::string operands;
  if (instruction.branch_target && function.range().holds(*instruction.branch_target))
    operands = function.position(*instruction.branch_target);
  else
    operands = without_rip_displacements(symbols_for_addresses(instruction.operands));
  std::string line = instruction.mnemonic;
  if (!operands.empty()) line += " " + operands;
  if (!instruction.comment.empty()) line += " # " + comment_text(instruction.comment, function);
  return line;
}

std::vector<std::string> normalised_code(const std::vector<DisassembledInstruction>& listing, FunctionRange range) {
  const FunctionCode function(listing, range);
  std::vector<std::string> lines;
  lines.reserve(function.code().size());
  for (const auto& instruction : function.code()) lines.push_back(normalised_instruction(instruction, function));
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
