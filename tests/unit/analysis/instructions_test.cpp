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

TEST(InstructionCounts, RepStringsPerOperationAreTheirCountsDifferenceAndARowOfTheirOwn) {
  auto counts = known_counts();
  EXPECT_FALSE(tare::analysis::rep_string_instructions_per_op(counts));  // not looked for: no row
  EXPECT_EQ(tare::analysis::instructions_profile(counts).size(), 2u);
  // Each invocation's three operations ran a rep stosb of 1000 bytes: 1001 counts each.
  counts.rep_strings = tare::results::InstructionCounts::RepStrings{1000 * 3003, 2000 * 3003};
  EXPECT_EQ(tare::analysis::rep_string_instructions_per_op(counts), 1001);
  const auto rows = tare::analysis::instructions_profile(counts);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].name, "rep_string_instructions");
  EXPECT_EQ(rows[2].mean, 1001);
  EXPECT_EQ(rows[2].unit, "/op");
  EXPECT_EQ(rows[2].forks, 1);
  EXPECT_FALSE(rows[2].ci);
  // Looked for and none found: a row of 0, not a missing one.
  counts.rep_strings = tare::results::InstructionCounts::RepStrings{0, 0};
  ASSERT_EQ(tare::analysis::instructions_profile(counts).size(), 3u);
  EXPECT_EQ(tare::analysis::instructions_profile(counts)[2].mean, 0);
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
