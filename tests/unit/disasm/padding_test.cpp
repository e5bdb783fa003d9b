// Padding on real listings (fixtures/no_ops.s as objdump prints it): every no-op form of
// x86-64 is padding, instructions that only look like no-ops are not, and a function
// without its padding is the same instructions as its twin assembled without any.
#include "disasm/padding.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

std::vector<DisassembledInstruction> no_ops_function(const std::string& symbol) {
  std::vector<DisassembledInstruction> own;
  for (auto& instruction : parse_objdump(testing::fixture("no_ops.objdump")))
    if (instruction.symbol == symbol) own.push_back(std::move(instruction));
  return own;
}

std::vector<std::string> instruction_texts(const std::vector<DisassembledInstruction>& listing) {
  std::vector<std::string> out;
  for (const auto& instruction : listing) out.push_back(instruction.mnemonic == "jne" ? "jne" : instruction.text());
  return out;
}

DisassembledInstruction listed_line(const std::string& line) {
  const auto listing = parse_objdump("    1000:\t" + line + "\n");
  return listing.empty() ? DisassembledInstruction{} : listing.front();
}

TEST(Padding, EveryNoOpObjdumpPrintsIsOne) {
  const auto padded = no_ops_function("padded");
  ASSERT_EQ(padded.size(), 36u);
  const std::vector<std::string> code{"xor %eax,%eax", "add (%rdi),%rax", "add $0x8,%rdi", "dec %rsi", "ret", "int3"};
  int no_ops = 0;
  for (const auto& instruction : padded) {
    const bool is_code = instruction.mnemonic == "jne" ||
                         std::find(code.begin(), code.end(), instruction.text()) != code.end();
    EXPECT_EQ(is_no_op(instruction), !is_code) << instruction.text();
    no_ops += is_no_op(instruction);
  }
  EXPECT_EQ(no_ops, 27);  // gas's 15 lengths (19 instructions) and 8 other forms
}

TEST(Padding, OlderBinutilsFormsAreNoOpsToo) {
  for (const char* line : {"nopw   %cs:0x0(%rax,%rax,1)", "data16 nopw %cs:0x0(%rax,%rax,1)",
                           "data16 data16 nopw %cs:0x0(%rax,%rax,1)", "nopw   0x0(%rax,%rax,1)", "nopq   (%rax)"})
    EXPECT_TRUE(is_no_op(listed_line(line))) << line;
}

TEST(Padding, WhatOnlyLooksLikeANoOpIsCode) {
  const auto look_alike = no_ops_function("look_alike");
  ASSERT_EQ(look_alike.size(), 7u);
  for (const auto& instruction : look_alike) EXPECT_FALSE(is_no_op(instruction)) << instruction.text();
  for (const char* line : {"lea    0x0(%r8),%r8d", "lea    0x0(%rsi),%rdi", "lea    0x0(%rsi,%rax,1),%rsi", "int3", "ud2"})
    EXPECT_FALSE(is_no_op(listed_line(line))) << line;
}

TEST(Padding, WithoutItAFunctionIsItsTwinAssembledWithoutAny) {
  const auto code = without_padding(no_ops_function("padded"));
  EXPECT_EQ(instruction_texts(code), instruction_texts(no_ops_function("bare")));  // the int3 filler after ret gone too
}

TEST(Padding, AnInt3BetweenInstructionsStays) {
  const auto look_alike = no_ops_function("look_alike");
  EXPECT_EQ(without_padding(look_alike).size(), look_alike.size());
  EXPECT_TRUE(without_padding({}).empty());
}

}  // namespace
}  // namespace tare::disasm
