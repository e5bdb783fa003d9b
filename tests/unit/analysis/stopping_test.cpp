#include "analysis/stopping.hpp"

#include <gtest/gtest.h>

#include <random>

#include "stats/interval.hpp"

using tare::analysis::stop_reason;
using tare::analysis::StopRule;
using tare::results::StopReason;

TEST(StopRule, GoesOnUntilTheMinimumNumberOfForksEvenWhenTheyAgree) {
  const StopRule rule{5, 100, 0.01, 1e12};
  EXPECT_FALSE(stop_reason({10.0, 10.0, 10.0, 10.0}, 4, 0, rule));
  EXPECT_EQ(stop_reason({10.0, 10.0, 10.0, 10.0, 10.0}, 5, 0, rule), StopReason::target_ci);
}

TEST(StopRule, StopsWhenTheRelativeHalfWidthReachesTheTarget) {
  const StopRule rule{5, 100, 0.01, 1e12};
  // mean 100, sd 1, n 5: half-width 2.776 * 1/sqrt(5) = 1.24% -> not yet.
  EXPECT_FALSE(stop_reason({99.0, 101.0, 100.0, 98.775, 101.225}, 5, 0, rule));
  // n 10 of the same spread: 2.262 * 1/sqrt(10) * ... < 1%.
  EXPECT_EQ(stop_reason({99.0, 101.0, 100.0, 99.5, 100.5, 99.0, 101.0, 100.0, 99.5, 100.5}, 10, 0, rule), StopReason::target_ci);
}

TEST(StopRule, TheBudgetAndTheForkLimitEndNoisyBenchmarks) {
  const StopRule rule{5, 8, 0.01, 1e9};
  const std::vector<double> noisy{50, 150, 80, 120, 100, 60};
  EXPECT_FALSE(stop_reason(noisy, noisy.size(), 0.5e9, rule));
  EXPECT_EQ(stop_reason(noisy, noisy.size(), 1e9, rule), StopReason::budget);
  EXPECT_EQ(stop_reason({50, 150, 80, 120, 100, 60, 140, 70}, 8, 0, rule), StopReason::max_forks);
}

TEST(StopRule, ForksLeftOutOfTheScoreStillCountAgainstTheForkLimit) {
  // `tare plan` prints --forks N --max-forks N: exactly N processes, even when one of them
  // never reached a steady state and the score rests on the others.
  const StopRule rule{5, 8, 0.01, 1e12};
  const std::vector<double> seven_scored{50, 150, 80, 120, 100, 60, 140};
  EXPECT_FALSE(stop_reason(seven_scored, 7, 0, rule));
  EXPECT_EQ(stop_reason(seven_scored, 8, 0, rule), StopReason::max_forks);
}

TEST(StopRule, StoppingOnANarrowIntervalKeepsCoverageCloseToNominal) {
  // Sequential stopping (optional stopping) lowers coverage a little; with the default
  // minimum of 5 forks it must stay close to 95%. Fork means ~ N(100, 2): 2% CV.
  const StopRule rule{5, 100, 0.01, 1e18};
  std::mt19937_64 rng(77);
  std::normal_distribution<double> fork_mean(100, 2);
  int covered = 0, total_forks = 0;
  const int experiments = 2000;
  for (int e = 0; e < experiments; ++e) {
    std::vector<double> means;
    do means.push_back(fork_mean(rng));
    while (!stop_reason(means, means.size(), 0, rule));
    const auto ci = tare::stats::mean_interval(means);
    if (ci.low <= 100 && 100 <= ci.high) ++covered;
    total_forks += static_cast<int>(means.size());
  }
  const double coverage = static_cast<double>(covered) / experiments;
  EXPECT_GE(coverage, 0.90) << "mean forks " << total_forks / experiments;
  EXPECT_LE(coverage, 0.97);
}
