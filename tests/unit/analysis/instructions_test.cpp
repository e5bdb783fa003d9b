// Instructions per operation from callgrind's counts of batches of N and 2N invocations:
// the difference is N invocations' worth, without what each batch costs once.
#include "analysis/instructions.hpp"

#include <gtest/gtest.h>

namespace {

// 1000 invocations of 3 operations each; every batch costs 57 instructions once (entering,
// the clock), every invocation 306 (the body) or 6 (the empty loop).
tare::results::InstructionCounts known_counts() {
  tare::results::InstructionCounts counts;
  counts.invocations = 1000;
  counts.ops_per_invocation = 3;
  counts.body_n = 57 + 1000 * 306;
  counts.body_2n = 57 + 2000 * 306;
  counts.empty_n = 57 + 1000 * 6;
  counts.empty_2n = 57 + 2000 * 6;
  return counts;
}

TEST(InstructionCounts, PerOperationIsTheDifferenceOfTheBatchesOverTheirOperations) {
  EXPECT_EQ(tare::analysis::instructions_per_op(known_counts()), 102);
  EXPECT_EQ(tare::analysis::empty_loop_instructions_per_op(known_counts()), 2);
}

TEST(InstructionCounts, ProfileRowsAreOneWorkerWithoutInterval) {
  const auto rows = tare::analysis::instructions_profile(known_counts());
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "instructions");
  EXPECT_EQ(rows[1].name, "empty_loop_instructions");
  for (const auto& row : rows) {
    EXPECT_EQ(row.profiler, tare::results::Profiler::instructions);
    EXPECT_EQ(row.unit, "/op");
    EXPECT_EQ(row.forks, 1);
    EXPECT_FALSE(row.ci.has_value());
  }
  EXPECT_EQ(rows[0].mean, 102);
  EXPECT_EQ(rows[1].mean, 2);
}

TEST(InstructionCounts, ALargerBatchThatCountedLessIsNegativeNotWrappedRound) {
  auto counts = known_counts();
  counts.body_2n = counts.body_n - 3000;
  EXPECT_EQ(tare::analysis::instructions_per_op(counts), -1);
}

TEST(InstructionCounts, NothingCountedIsZero) {
  EXPECT_EQ(tare::analysis::instructions_per_op(tare::results::InstructionCounts{}), 0);
}

}  // namespace
