// tare ab's progress: the pairs a benchmark may run (fixed, or the last look its budget
// affords at the pace so far), and the time left, on plans with known answers.
#include "ab/ab_progress.hpp"

#include <gtest/gtest.h>

namespace tare::ab {
namespace {

// Looks after 3, 4, 6 and 10 units; 30 s per benchmark.
PairPlan sequential_plan(std::size_t pairs_per_unit = 1) {
  PairPlan plan;
  plan.design.looks = {3, 4, 6, 10};
  plan.pairs_per_unit = pairs_per_unit;
  plan.budget_seconds = 30;
  return plan;
}

TEST(AbProgress, ASequentialBenchmarkRunsAtMostTheLastLookItsBudgetAffords) {
  const PairPlan plan = sequential_plan();
  EXPECT_EQ(most_pairs(plan, 0), 10u);    // pace unknown: the last look
  EXPECT_EQ(most_pairs(plan, 1.0), 10u);  // 10 s for 10 pairs
  EXPECT_EQ(most_pairs(plan, 5.0), 6u);   // 30 s for 6
  EXPECT_EQ(most_pairs(plan, 8.0), 3u);   // 4 would take 32 s
  EXPECT_EQ(most_pairs(plan, 60.0), 3u);  // the first look is always run
  // A duet's unit is two pairs.
  EXPECT_EQ(most_pairs(sequential_plan(2), 2.5), 12u);  // 6 units, 12 pairs: 30 s
}

TEST(AbProgress, AFixedPlanRunsItsPairs) {
  PairPlan plan = sequential_plan();
  plan.fixed_pairs = 5;
  EXPECT_EQ(most_pairs(plan, 0), 5u);
  EXPECT_EQ(most_pairs(plan, 100.0), 5u);
  EXPECT_EQ(pair_count_text(plan, {0, 2, 1, 1.0, 0}), "pair 2 of 5");
}

TEST(AbProgress, TheTimeLeftIsThisBenchmarksRestAndTheLaterOnesAtThePace) {
  PairPlan plan = sequential_plan();
  plan.fixed_pairs = 5;
  // Benchmark 1 of 3, 2 pairs in 4 s: 3 more pairs and 2 benchmarks of 5, at 2 s a pair.
  EXPECT_DOUBLE_EQ(*ab_seconds_left(plan, {0, 3, 2, 4.0, 0}), 26.0);
  // The last benchmark, before its first pair: the earlier ones' pace.
  EXPECT_DOUBLE_EQ(*ab_seconds_left(plan, {2, 3, 0, 0.0, 1.5}), 7.5);
  // No pair run anywhere: unknown.
  EXPECT_FALSE(ab_seconds_left(plan, {0, 3, 0, 0.0, 0}).has_value());
  // Sequentially at 5 s a pair: at most 6 pairs each.
  EXPECT_DOUBLE_EQ(*ab_seconds_left(sequential_plan(), {0, 2, 3, 15.0, 0}), 15.0 + 30.0);
  EXPECT_EQ(pair_count_text(sequential_plan(), {0, 2, 3, 15.0, 0}), "pair 4 of at most 6");
}

}  // namespace
}  // namespace tare::ab
