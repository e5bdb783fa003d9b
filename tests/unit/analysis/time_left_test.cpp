// The time a run may still take: budget or fork cap, whichever binds first, at each
// benchmark's own fork length.
#include "analysis/time_left.hpp"

#include <gtest/gtest.h>

namespace {

using tare::analysis::BenchmarkSoFar;
using tare::analysis::time_left_estimate_ns;

BenchmarkSoFar so_far(double spent_ns, std::size_t forks, int max_forks, double budget_ns) {
  BenchmarkSoFar b;
  b.spent_ns = spent_ns;
  b.forks_run = forks;
  b.rule.max_forks = max_forks;
  b.rule.budget_ns = budget_ns;
  return b;
}

TEST(TimeLeft, NoEstimateBeforeAForkHasRun) {
  EXPECT_FALSE(time_left_estimate_ns({so_far(0, 0, 10, 3e9)}, 0).has_value());
}

TEST(TimeLeft, TheBudgetBindsAndMayBeOverrunByOneFork) {
  // 1 s of a 3 s budget spent in forks of 0.5 s, a cap far away: 2 s, plus the fork that
  // may start just before the budget runs out.
  EXPECT_DOUBLE_EQ(*time_left_estimate_ns({so_far(1e9, 2, 100, 3e9)}, 0.1e9), 2.5e9);
}

TEST(TimeLeft, TheForkCapBindsWhenItComesFirst) {
  // Two forks left of five, at its own 1/3 s each, though 2 s of budget remain.
  EXPECT_DOUBLE_EQ(*time_left_estimate_ns({so_far(1e9, 3, 5, 3e9)}, 0.1e9), 2e9 / 3);
}

TEST(TimeLeft, FinishedBenchmarksAddNothingAndTheRestAddUp) {
  BenchmarkSoFar finished = so_far(3e9, 6, 100, 3e9);
  finished.done = true;
  const auto left = time_left_estimate_ns({finished, so_far(0, 0, 4, 3e9), so_far(3.2e9, 8, 100, 3e9)}, 0.5e9);
  // The second has not run: 4 forks at the mean 0.5 s (2 s < 3.5 s); the third is past its
  // budget: one more of its own 0.4 s forks at most.
  EXPECT_DOUBLE_EQ(*left, 2e9 + 0.4e9);
}

}  // namespace
