#include "disasm/padding.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace tare::disasm {
namespace {

// The prefixes objdump prints as words of their own before an instruction.
bool is_prefix_word(std::string_view word) {
  return word == "data16" || word == "data32" || word == "addr32" || word == "cs" || word == "ds" || word == "es" ||
         word == "ss" || word == "fs" || word == "gs" || word.rfind("rex", 0) == 0;
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  while (!text.empty()) {
    const auto start = text.find_first_not_of(" \t");
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const auto end = std::min(text.find_first_of(" \t"), text.size());
    words.push_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return words;
}

// %rax ... %r15, not %r8d, %r8w, %r8b (their 32-, 16- and 8-bit parts).
bool is_64_bit_register(std::string_view name) {
  return name.size() >= 3 && name.rfind("%r", 0) == 0 && name.back() != 'd' && name.back() != 'w' && name.back() != 'b';
}

// "0x0(%rsi,%riz,1),%rsi", "0x0(%rsi),%rsi", "(%rsi),%rsi": a 64-bit register's own value
// loaded into it, which changes nothing (lea sets no flags).
bool loads_itself(std::string_view operands) {
  const auto open = operands.find('('), close = operands.find(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return false;
  const std::string_view displacement = operands.substr(0, open);
  if (!displacement.empty() && displacement != "0x0") return false;
  std::string_view base = operands.substr(open + 1, close - open - 1);
  if (const auto comma = base.find(','); comma != std::string_view::npos) {
    if (base.substr(comma) != ",%riz,1") return false;  // %riz: no index
    base = base.substr(0, comma);
  }
  const std::string_view destination = operands.substr(close + 1);
  return destination.size() > 1 && destination[0] == ',' && destination.substr(1) == base && is_64_bit_register(base);
}

}  // namespace

bool is_no_op(const DisassembledInstruction& instruction) {
  const std::string text = instruction.text();
  const auto words = words_of(text);
  std::size_t first = 0;
  while (first < words.size() && is_prefix_word(words[first])) ++first;
  if (first == words.size()) return false;
  const std::string_view mnemonic = words[first];
  if (mnemonic == "nop" || mnemonic == "nopw" || mnemonic == "nopl" || mnemonic == "nopq") return true;
  if (words.size() != first + 2) return false;
  const std::string_view operands = words[first + 1];
  if (mnemonic == "xchg") return operands == "%ax,%ax";
  return mnemonic == "lea" && loads_itself(operands);
}

std::vector<DisassembledInstruction> without_padding(const std::vector<DisassembledInstruction>& listing) {
  std::size_t end = listing.size();
  while (end > 0 && (listing[end - 1].mnemonic == "int3" || is_no_op(listing[end - 1]))) --end;
  std::vector<DisassembledInstruction> code;
  for (std::size_t i = 0; i < end; ++i)
    if (!is_no_op(listing[i])) code.push_back(listing[i]);
  return code;
}

}  // namespace tare::disasm
