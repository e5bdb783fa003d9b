// does_work and only_counts_iterations on tare's real timed loops (fixtures/timed_loops.*,
// g++ -O2): a deleted operation and a constant one leave only the loop's counting; a sum
// over an array does work in its inner loop and in the loop around it.
#include "disasm/loop_body.hpp"

#include <gtest/gtest.h>

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
  EXPECT_TRUE(does_work(inner.front()));  // movdqa (%rax),%xmm0: a read
  EXPECT_FALSE(only_counts_iterations(loop_of("sum", 0x38, 0x8d)));
}

DisassembledInstruction instruction(const std::string& mnemonic, const std::string& operands) {
  DisassembledInstruction i;
  i.mnemonic = mnemonic;
  i.operands = operands;
  return i;
}

TEST(LoopBody, WhatCountsAsWork) {
  EXPECT_FALSE(does_work(instruction("movl", "$0x2a,0xc(%rsp)")));  // consume() of a constant
  EXPECT_TRUE(does_work(instruction("mov", "%eax,(%rdi)")));          // a store the operation makes
  EXPECT_TRUE(does_work(instruction("mov", "0x8(%rsp),%rax")));       // a read
  EXPECT_FALSE(does_work(instruction("xor", "%eax,%eax")));
  EXPECT_TRUE(does_work(instruction("xor", "%edx,%eax")));
  EXPECT_FALSE(does_work(instruction("add", "$0x1,%rax")));
  EXPECT_TRUE(does_work(instruction("add", "%rdx,%rax")));
  EXPECT_FALSE(does_work(instruction("decq", "%rbx")));
  EXPECT_FALSE(does_work(instruction("lea", "-0x1(%rbx),%rdx")));
  EXPECT_TRUE(does_work(instruction("lea", "(%rdi,%rax,4),%r9")));
  EXPECT_TRUE(does_work(instruction("call", "1040 <f>")));
  EXPECT_TRUE(does_work(instruction("imul", "%rcx,%rax")));
  EXPECT_FALSE(does_work(instruction("cs", "nopw 0x0(%rax,%rax,1)")));
  EXPECT_FALSE(only_counts_iterations({}));
}

}  // namespace
}  // namespace tare::disasm
