// does_work and only_counts_iterations on tare's real timed loops (fixtures/timed_loops.*,
// g++ -O2): a deleted operation and a constant one leave only the loop's counting; a sum
// over an array does work in its inner loop and in the loop around it.
#include "disasm/loop_body.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

// The instructions of the timed loop of `operation` in [first, last].
std::vector<DisassembledInstruction> loop_of(const std::string& operation, std::uint64_t first, std::uint64_t last) {
  std::vector<DisassembledInstruction> loop;
  for (auto& instruction : parse_objdump(testing::fixture("timed_loops.objdump")))
    if (instruction.symbol.find("timed_loop<" + operation + "::") != std::string::npos && instruction.address >= first &&
        instruction.address <= last)
      loop.push_back(instruction);
  return loop;
}

TEST(LoopBody, ADeletedOperationLeavesOnlyTheCounting) {
  const auto loop = loop_of("deleted", 0x30, 0x3a);
  ASSERT_EQ(loop.size(), 4u);  // mov, mov, sub, jne
  EXPECT_TRUE(only_counts_iterations(loop));
}

TEST(LoopBody, AConstantResultIsNoWork) {
  const auto loop = loop_of("constant", 0x38, 0x46);
  ASSERT_EQ(loop.size(), 5u);  // movapd of the constant, then the counting
  EXPECT_TRUE(only_counts_iterations(loop));
}

TEST(LoopBody, SummingAnArrayIsWork) {
  const auto inner = loop_of("sum", 0x48, 0x6f);
  ASSERT_EQ(inner.size(), 11u);
  EXPECT_FALSE(only_counts_iterations(inner));
  EXPECT_TRUE(does_work(inner.front(), counter_registers(inner)));  // movdqa (%rax),%xmm0: a read
  EXPECT_FALSE(only_counts_iterations(loop_of("sum", 0x38, 0x8d)));
}

DisassembledInstruction loop_instruction(const std::string& mnemonic, const std::string& operands) {
  DisassembledInstruction i;
  i.mnemonic = mnemonic;
  i.operands = operands;
  return i;
}

TEST(LoopBody, TheCounterIsWhatTheClosingBranchTests) {
  EXPECT_EQ(counter_registers(loop_of("deleted", 0x30, 0x3a)), (std::set<std::string>{"bx"}));  // sub $0x1,%rbx
  EXPECT_EQ(counter_registers(loop_of("sum", 0x48, 0x6f)), (std::set<std::string>{"ax", "dx"}));  // cmp %rax,%rdx
  EXPECT_TRUE(counter_registers({}).empty());
}

TEST(LoopBody, WhatCountsAsWork) {
  const std::set<std::string> counter{"bx"};
  EXPECT_FALSE(does_work(loop_instruction("movl", "$0x2a,0xc(%rsp)"), counter));  // consume() of a constant
  EXPECT_TRUE(does_work(loop_instruction("mov", "%eax,(%rdi)"), counter));          // a store the operation makes
  EXPECT_TRUE(does_work(loop_instruction("mov", "0x8(%rsp),%rax"), counter));       // a read
  EXPECT_FALSE(does_work(loop_instruction("xor", "%eax,%eax"), counter));
  EXPECT_TRUE(does_work(loop_instruction("xor", "%edx,%eax"), counter));
  EXPECT_FALSE(does_work(loop_instruction("sub", "$0x1,%rbx"), counter));
  EXPECT_FALSE(does_work(loop_instruction("decl", "%ebx"), counter));
  EXPECT_TRUE(does_work(loop_instruction("add", "$0x1,%ecx"), counter));  // opaque(1) + 1: the operation's add
  EXPECT_TRUE(does_work(loop_instruction("add", "%rdx,%rbx"), counter));
  EXPECT_FALSE(does_work(loop_instruction("lea", "-0x1(%rbx),%rdx"), counter));
  EXPECT_TRUE(does_work(loop_instruction("lea", "0x1(%rcx),%rdx"), counter));
  EXPECT_TRUE(does_work(loop_instruction("lea", "(%rdi,%rax,4),%r9"), counter));
  EXPECT_FALSE(does_work(loop_instruction("cmp", "%rax,%rdx"), counter));
  EXPECT_TRUE(does_work(loop_instruction("call", "1040 <f>"), counter));
  EXPECT_TRUE(does_work(loop_instruction("imul", "%rcx,%rax"), counter));
  EXPECT_TRUE(does_work(loop_instruction("rep", "movsq %ds:(%rsi),%es:(%rdi)"), counter));
  EXPECT_FALSE(does_work(loop_instruction("cs", "nopw 0x0(%rax,%rax,1)"), counter));
  EXPECT_FALSE(only_counts_iterations({}));
}

TEST(LoopBody, AnOpaqueConstantPlusOneIsWork) {
  // tare::opaque(1) + 1, g++ -O2: the constant, the add, then the counting.
  std::vector<DisassembledInstruction> loop{loop_instruction("mov", "$0x1,%ecx"), loop_instruction("add", "$0x1,%ecx"),
                                            loop_instruction("mov", "%rbx,%rdx"), loop_instruction("mov", "%rdx,%rbx"),
                                            loop_instruction("sub", "$0x1,%rbx"), loop_instruction("jne", "274d0")};
  EXPECT_FALSE(only_counts_iterations(loop));
  loop.erase(loop.begin() + 1);
  EXPECT_TRUE(only_counts_iterations(loop));  // the constant alone
}

}  // namespace
}  // namespace tare::disasm
