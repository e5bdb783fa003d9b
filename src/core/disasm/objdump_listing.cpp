#include "disasm/objdump_listing.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>

namespace tare::disasm {
namespace {

std::optional<std::uint64_t> hex_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// "0000000000001260 <sum_loop(int const*, int, unsigned long)>:" -> the symbol.
std::optional<std::string> symbol_header(std::string_view line) {
  const auto open = line.find(" <");
  if (open == std::string_view::npos || line.size() < open + 4 || line.substr(line.size() - 2) != ">:") return std::nullopt;
  if (!hex_number(line.substr(0, open))) return std::nullopt;
  return std::string(line.substr(open + 2, line.size() - open - 4));
}

// "/tmp/sum.cpp:7 (discriminator 3)" -> "sum.cpp:7"; nullopt for a line that is not a
// source position; "" for objdump's unknown position ("??:0", "??:?").
std::optional<std::string> source_position(std::string_view line) {
  if (const auto note = line.find(" ("); note != std::string_view::npos) line = line.substr(0, note);
  const auto colon = line.rfind(':');
  if (colon == std::string_view::npos || colon + 1 >= line.size()) return std::nullopt;
  const std::string_view number = line.substr(colon + 1);
  const bool unknown = number == "?" || line.substr(0, colon) == "??";
  if (!unknown && !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  if (unknown) return std::string();
  const std::string_view path = line.substr(0, colon);
  const auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1)) + ":" + std::string(number);
}

// "jne    1280 <sum_loop(int const*, int, unsigned long)+0x20>": the target's address,
// and the operands without the symbol when it is the instruction's own function.
void read_branch(DisassembledInstruction& instruction) {
  const std::string& operands = instruction.operands;
  const auto space = std::min(operands.find(' '), operands.size());
  const auto target = hex_number(operands.substr(0, space));
  if (!target || space == operands.size() || operands.compare(space, 2, " <") != 0) return;
  instruction.branch_target = target;
  const std::string own = " <" + instruction.symbol;
  if (operands.compare(space, own.size(), own) == 0) instruction.operands.resize(space);
}

// "    1280:\tmovslq (%rax),%r8" (a "# comment" after the operands is kept apart).
std::optional<DisassembledInstruction> instruction_line(std::string_view line) {
  const auto tab = line.find(":\t");
  if (tab == std::string_view::npos) return std::nullopt;
  const auto address = hex_number(trimmed(line.substr(0, tab)));
  if (!address) return std::nullopt;
  std::string_view body = line.substr(tab + 2);
  std::string_view comment;
  if (const auto hash = body.find(" #"); hash != std::string_view::npos) {
    comment = trimmed(body.substr(hash + 2));
    body = body.substr(0, hash);
  }
  body = trimmed(body);
  if (body.empty()) return std::nullopt;
  DisassembledInstruction instruction;
  instruction.comment = std::string(comment);
  instruction.address = *address;
  const auto space = std::min(body.find(' '), body.size());
  instruction.mnemonic = std::string(body.substr(0, space));
  instruction.operands = std::string(trimmed(body.substr(space)));
  return instruction;
}

}  // namespace

std::vector<DisassembledInstruction> parse_objdump(std::string_view text) {
  std::vector<DisassembledInstruction> instructions;
  std::string symbol, source;
  while (!text.empty()) {
    const auto end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (auto instruction = instruction_line(line)) {
      instruction->symbol = symbol;
      instruction->source = source;
      if (instruction->mnemonic[0] == 'j' || instruction->mnemonic.rfind("call", 0) == 0 ||
          instruction->mnemonic.rfind("loop", 0) == 0)
        read_branch(*instruction);
      instructions.push_back(std::move(*instruction));
    } else if (auto header = symbol_header(line)) {
      symbol = std::move(*header);
      source.clear();
    } else if (!line.empty() && line[0] != ' ' && line.back() != ':') {
      if (auto position = source_position(line)) source = std::move(*position);
    }
  }
  return instructions;
}

}  // namespace tare::disasm
