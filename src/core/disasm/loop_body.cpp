#include "disasm/loop_body.hpp"

#include <algorithm>
#include <regex>
#include <string>
#include <string_view>

namespace tare::disasm {
namespace {

// The operands, split at the commas outside parentheses: "0x8(%rax,%rbx,1),%rcx" is two.
std::vector<std::string> split_operands(const std::string& operands) {
  std::vector<std::string> parts;
  std::string part;
  int depth = 0;
  for (const char c : operands) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  if (!part.empty()) parts.push_back(part);
  return parts;
}

bool is_memory(const std::string& operand) { return operand.find('(') != std::string::npos; }
bool is_constant(const std::string& operand) { return !operand.empty() && operand[0] == '$'; }
bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// The mnemonic without AT&T's size suffix: "subq" -> "sub", "incl" -> "inc".
std::string_view base_mnemonic(std::string_view mnemonic, std::initializer_list<std::string_view> names) {
  for (const std::string_view name : names) {
    if (mnemonic == name) return name;
    if (mnemonic.size() == name.size() + 1 && starts_with(mnemonic, name) &&
        std::string_view("bwlq").find(mnemonic.back()) != std::string_view::npos)
      return name;
  }
  return {};
}

// A move that reads no memory and writes a register or the stack frame (where consume()
// of a constant puts it); a store anywhere else is an effect the operation has.
bool is_move_of_a_constant(const std::string& mnemonic, const std::vector<std::string>& operands) {
  if (!starts_with(mnemonic, "mov") && !starts_with(mnemonic, "vmov")) return false;
  if (operands.size() != 2 || is_memory(operands[0])) return false;
  return !is_memory(operands[1]) || operands[1].find("(%rsp") != std::string::npos;
}

bool is_zeroing(const std::string& mnemonic, const std::vector<std::string>& operands) {
  const bool exclusive_or = mnemonic == "xor" || mnemonic == "xorl" || mnemonic == "xorq" || mnemonic == "pxor" ||
                            mnemonic == "xorps" || mnemonic == "xorpd";
  return exclusive_or && operands.size() == 2 && operands[0] == operands[1] && !is_memory(operands[0]);
}

// "%ebx" -> "bx", "%r8d" -> "r8", "%sil" -> "si", "%al" -> "ax": a register's family.
std::string register_family(std::string_view name) {
  if (!name.empty() && name[0] == '%') name.remove_prefix(1);
  if (name.size() >= 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '9') {
    while (!name.empty() && (name.back() == 'd' || name.back() == 'w' || name.back() == 'b')) name.remove_suffix(1);
    return std::string(name);
  }
  if (name.size() == 3 && (name[0] == 'r' || name[0] == 'e')) return std::string(name.substr(1));
  if (name.size() == 3 && name[2] == 'l') return std::string(name.substr(0, 2));  // sil, dil, bpl, spl
  if (name.size() == 2 && (name[1] == 'l' || name[1] == 'h')) return std::string(1, name[0]) + "x";
  return std::string(name);
}

bool is_register(const std::string& operand) { return !operand.empty() && operand[0] == '%'; }

// Comparisons, and the counter's own arithmetic: a counter register changed by a constant.
bool is_counting(const std::string& mnemonic, const std::vector<std::string>& operands,
                 const std::set<std::string>& counter) {
  const bool on_counter = !operands.empty() && is_register(operands.back()) &&
                          counter.count(register_family(operands.back())) > 0;
  if (std::any_of(operands.begin(), operands.end(), [](const std::string& o) { return is_memory(o); })) {
    static const std::regex register_plus_constant(R"(-?(0x[0-9a-f]+)?\((%[a-z0-9]+)\))");
    std::smatch base;
    if (mnemonic != "lea" || operands.size() != 2 || !std::regex_match(operands[0], base, register_plus_constant))
      return false;
    return on_counter || counter.count(register_family(base[2].str())) > 0;  // the counter plus a constant
  }
  const std::string_view base = base_mnemonic(mnemonic, {"add", "sub", "inc", "dec", "cmp", "test"});
  if (base == "cmp" || base == "test") return operands.size() == 2;
  if (base == "inc" || base == "dec") return operands.size() == 1 && on_counter;
  if (base == "add" || base == "sub") return operands.size() == 2 && is_constant(operands[0]) && on_counter;
  return false;
}

}  // namespace

std::set<std::string> counter_registers(const std::vector<DisassembledInstruction>& loop) {
  std::set<std::string> counter;
  for (auto it = loop.rbegin(); it != loop.rend(); ++it) {
    if (!it->mnemonic.empty() && it->mnemonic[0] == 'j') continue;
    if (base_mnemonic(it->mnemonic, {"add", "sub", "inc", "dec", "cmp", "test"}).empty()) break;
    for (const auto& operand : split_operands(it->operands))
      if (is_register(operand)) counter.insert(register_family(operand));
    break;
  }
  return counter;
}

bool does_work(const DisassembledInstruction& instruction, const std::set<std::string>& counter) {
  const std::string& mnemonic = instruction.mnemonic;
  if (instruction.text().find("nop") != std::string::npos || instruction.text() == "xchg %ax,%ax") return false;
  if (!mnemonic.empty() && mnemonic[0] == 'j') return false;
  const auto operands = split_operands(instruction.operands);
  return !is_move_of_a_constant(mnemonic, operands) && !is_zeroing(mnemonic, operands) &&
         !is_counting(mnemonic, operands, counter);
}

bool only_counts_iterations(const std::vector<DisassembledInstruction>& loop) {
  const auto counter = counter_registers(loop);
  return !loop.empty() &&
         std::none_of(loop.begin(), loop.end(), [&](const auto& instruction) { return does_work(instruction, counter); });
}

}  // namespace tare::disasm
