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

// The loop counter's own arithmetic: a register changed or compared by a constant.
bool is_counting(const std::string& mnemonic, const std::vector<std::string>& operands) {
  if (std::any_of(operands.begin(), operands.end(), [](const std::string& o) { return is_memory(o); })) {
    static const std::regex register_plus_constant(R"(-?(0x[0-9a-f]+)?\(%[a-z0-9]+\))");
    return mnemonic == "lea" && operands.size() == 2 && std::regex_match(operands[0], register_plus_constant);
  }
  const std::string_view base = base_mnemonic(mnemonic, {"add", "sub", "inc", "dec", "cmp", "test"});
  if (base.empty()) return false;
  if (base == "inc" || base == "dec") return operands.size() == 1;
  if (base == "add" || base == "sub") return operands.size() == 2 && is_constant(operands[0]);
  return operands.size() == 2;  // cmp, test: the loop's condition
}

}  // namespace

bool does_work(const DisassembledInstruction& instruction) {
  const std::string& mnemonic = instruction.mnemonic;
  if (instruction.text().find("nop") != std::string::npos || instruction.text() == "xchg %ax,%ax") return false;
  if (!mnemonic.empty() && mnemonic[0] == 'j') return false;
  const auto operands = split_operands(instruction.operands);
  return !is_move_of_a_constant(mnemonic, operands) && !is_zeroing(mnemonic, operands) &&
         !is_counting(mnemonic, operands);
}

bool only_counts_iterations(const std::vector<DisassembledInstruction>& loop) {
  return !loop.empty() && std::none_of(loop.begin(), loop.end(), does_work);
}

}  // namespace tare::disasm
