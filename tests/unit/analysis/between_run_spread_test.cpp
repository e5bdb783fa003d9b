// The spread between runs learned from a benchmark's own past runs, on hand-computed
// series: which source serves, the shrinkage toward the machine's speed, the window, the
// runs set aside, and the interval it gives.
#include "analysis/between_run_spread.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace own_history_unit {

using tare::analysis::between_run_spread;
using tare::results::PastScore;
using tare::results::SpreadSource;

constexpr std::int64_t kNow = 1'800'000'000;

// Past runs an hour apart, the newest an hour ago, each with the same relative SE.
std::vector<PastScore> past(const std::vector<double>& scores, double relative_se = 0, std::int64_t apart = 3600) {
  std::vector<PastScore> runs;
  const auto n = static_cast<std::int64_t>(scores.size());
  for (std::int64_t i = 0; i < n; ++i) {
    const double s = scores[static_cast<std::size_t>(i)];
    runs.push_back({kNow - apart * (n - i), s, relative_se * s, 5});
  }
  return runs;
}

tare::results::Context::BetweenRuns speed(double relative_sd, int runs = 20) {
  tare::results::Context::BetweenRuns s;
  s.runs = runs;
  s.relative_sd = relative_sd;
  return s;
}

double log_variance(const std::vector<double>& scores) {
  std::vector<double> logs;
  for (double s : scores) logs.push_back(std::log(s));
  return tare::stats::variance(logs);
}

tare::results::Benchmark benchmark(double score, double low, double high) {
  tare::results::Benchmark b;
  b.score = score;
  b.ci = tare::results::Interval{0.95, low, high};
  return b;
}

TEST(BetweenRunSpread, UnderFivePastRunsTheMachinesSpeedServesAlone) {
  const auto spread = between_run_spread(past({100, 101, 99, 100.5}), kNow, speed(0.02));
  ASSERT_TRUE(spread);
  EXPECT_EQ(spread->source, SpreadSource::machine_speed);
  EXPECT_EQ(spread->runs, 4);
  EXPECT_EQ(spread->between_run_sd, 0.02);
  EXPECT_EQ(spread->own_sd, -1);
  EXPECT_EQ(spread->degrees_of_freedom, 0);  // the normal quantile, as before
  // Neither known: no interval across runs.
  EXPECT_FALSE(between_run_spread(past({100, 101, 99, 100.5}), kNow, speed(-1, 3)));
  EXPECT_FALSE(between_run_spread({}, kNow, speed(-1, 0)));
}

TEST(BetweenRunSpread, FivePastRunsAreShrunkTowardTheMachinesSpeed) {
  // The log variance of these five is 0.87e-4 (SD 0.94%); the machine says 1.0% (its χ²
  // test does not object: 4 × 0.87 / 1.0 = 3.5, inside χ²(4)'s central 90%, 0.71 to 9.5).
  const std::vector<double> scores{100, 101.2, 98.9, 100.6, 99.3};
  const double own = log_variance(scores), prior = std::log1p(0.01);
  const auto spread = between_run_spread(past(scores), kNow, speed(0.01));
  ASSERT_TRUE(spread);
  EXPECT_EQ(spread->source, SpreadSource::shrunk);
  EXPECT_EQ(spread->runs, 5);
  EXPECT_EQ(spread->set_aside, 0);
  EXPECT_NEAR(spread->degrees_of_freedom, 4 + 4, 1e-12);
  EXPECT_NEAR(spread->between_run_sd, std::expm1(std::sqrt((4 * prior * prior + 4 * own) / 8)), 1e-12);
  EXPECT_NEAR(spread->own_sd, std::expm1(std::sqrt(own)), 1e-12);
  // Twenty runs weigh more than five: 19 degrees of freedom against the machine's 4.
  std::vector<double> twenty;
  for (int i = 0; i < 4; ++i) twenty.insert(twenty.end(), scores.begin(), scores.end());
  const double own20 = log_variance(twenty);
  const auto more = between_run_spread(past(twenty), kNow, speed(0.01));
  ASSERT_TRUE(more);
  EXPECT_EQ(more->source, SpreadSource::shrunk);
  EXPECT_EQ(more->runs, 20);
  EXPECT_NEAR(more->between_run_sd, std::expm1(std::sqrt((4 * prior * prior + 19 * own20) / 23)), 1e-12);
  EXPECT_NEAR(more->degrees_of_freedom, 23, 1e-12);
}

TEST(BetweenRunSpread, TheRunsOwnErrorIsNotCountedAsSpreadBetweenRuns) {
  // Each run's SE is 0.5%: the scores' variance holds 0.5%² of it, which is taken out.
  const std::vector<double> scores{100, 101.2, 98.9, 100.6, 99.3};
  const auto spread = between_run_spread(past(scores, 0.005), kNow, speed(-1, 2));
  ASSERT_TRUE(spread);
  EXPECT_EQ(spread->source, SpreadSource::own_history);
  EXPECT_NEAR(spread->own_sd, std::expm1(std::sqrt(log_variance(scores) - 0.005 * 0.005)), 1e-12);
  // Runs that differ by less than their own errors say: no spread between runs.
  const auto none = between_run_spread(past({100, 100.1, 99.9, 100, 100.05}, 0.01), kNow, speed(-1, 2));
  EXPECT_EQ(none->between_run_sd, 0);
  EXPECT_EQ(none->own_sd, 0);
}

TEST(BetweenRunSpread, WithoutTheMachinesSpeedTheOwnRunsServeWithTheirOwnDegreesOfFreedom) {
  const std::vector<double> scores{100, 101.2, 98.9, 100.6, 99.3, 100.2};
  const auto spread = between_run_spread(past(scores), kNow, speed(-1, 3));
  ASSERT_TRUE(spread);
  EXPECT_EQ(spread->source, SpreadSource::own_history);
  EXPECT_EQ(spread->degrees_of_freedom, 5);
  EXPECT_NEAR(spread->between_run_sd, std::expm1(std::sqrt(log_variance(scores))), 1e-12);
}

TEST(BetweenRunSpread, RunsThatContradictTheMachinesSpeedSetItAside) {
  // The benchmark moves 0.94%; a machine said to move 0.2% (χ² of 4 × 0.87 / 0.04 = 88,
  // over χ²(4)'s 95th percentile, 9.5) or 5% (4 × 0.87 / 25 = 0.14, under its 5th, 0.71) is
  // no prior for it.
  const std::vector<double> scores{100, 101.2, 98.9, 100.6, 99.3};
  for (double machine : {0.002, 0.05}) {
    const auto spread = between_run_spread(past(scores), kNow, speed(machine));
    ASSERT_TRUE(spread);
    EXPECT_EQ(spread->source, SpreadSource::own_history) << machine;
    EXPECT_EQ(spread->degrees_of_freedom, 4);
    EXPECT_NEAR(spread->between_run_sd, std::expm1(std::sqrt(log_variance(scores))), 1e-12);
  }
}

TEST(BetweenRunSpread, OnlyTheNewestTwentyRunsOfTheLastFortnightCount) {
  // Older than fourteen days: another fortnight's machine.
  const auto old = between_run_spread(past({100, 101, 99, 100.5, 99.5, 100}, 0, 15 * 24 * 3600), kNow, speed(0.01));
  EXPECT_EQ(old->runs, 0);
  EXPECT_EQ(old->source, SpreadSource::machine_speed);
  // A run dated after now (a clock set back) does not count either.
  auto future = past({100, 101, 99, 100.5, 99.5});
  future.push_back({kNow + 60, 100, 0, 5});
  EXPECT_EQ(between_run_spread(future, kNow, speed(0.01))->runs, 5);
  // Thirty runs: the oldest ten (scored far apart) are not among the newest twenty.
  std::vector<PastScore> thirty;
  for (int i = 0; i < 30; ++i) thirty.push_back({kNow - 3600 * (30 - i), i < 10 ? (i % 2 ? 80.0 : 120.0) : 100.0 + (i % 2), 0, 5});
  const auto newest = between_run_spread(thirty, kNow, speed(-1, 0));
  EXPECT_EQ(newest->runs, 20);
  EXPECT_LT(newest->between_run_sd, 0.01);
  // A run without a score (zero, or not finite) does not count.
  auto unscored = past({100, 101, 99, 100.5});
  unscored.push_back({kNow - 1, 0, 0, 0});
  unscored.push_back({kNow - 1, std::nan(""), 0, 0});
  EXPECT_EQ(between_run_spread(unscored, kNow, speed(0.01))->runs, 4);
}

TEST(BetweenRunSpread, AnOutlyingRunIsSetAsideNotCounted) {
  // Nine runs about 0.5% apart and one run 20% slow (beside busy neighbours).
  const std::vector<double> clean{100, 100.4, 99.6, 100.8, 99.5, 100.2, 99.9, 100.5, 99.4};
  std::vector<PastScore> runs = past(clean);
  runs.insert(runs.begin() + 4, PastScore{runs[4].time - 1, 120, 0, 5});
  const auto spread = between_run_spread(runs, kNow, speed(-1, 0));
  ASSERT_TRUE(spread);
  EXPECT_EQ(spread->runs, 10);
  EXPECT_EQ(spread->set_aside, 1);
  EXPECT_EQ(spread->degrees_of_freedom, 8);
  EXPECT_NEAR(spread->between_run_sd, std::expm1(std::sqrt(log_variance(clean))), 1e-12);
  // Clean runs lose none.
  EXPECT_EQ(between_run_spread(past(clean), kNow, speed(-1, 0))->set_aside, 0);
}

TEST(BetweenRunSpread, RunsThatScoredAlikeOnASteadyMachineGiveNoSpreadAndNoNaN) {
  // Every score the same, no SEs known, a machine that did not move: nothing to divide by.
  const auto same = between_run_spread(past({100, 100, 100, 100, 100, 100}), kNow, speed(0));
  ASSERT_TRUE(same);
  EXPECT_EQ(same->between_run_sd, 0);
  EXPECT_EQ(same->own_sd, 0);
  EXPECT_EQ(same->set_aside, 0);
  EXPECT_TRUE(std::isfinite(same->degrees_of_freedom));
  // The same machine, runs that do move: they contradict it.
  const auto moving = between_run_spread(past({100, 101, 99, 100.5, 99.5}), kNow, speed(0));
  EXPECT_EQ(moving->source, SpreadSource::own_history);
  EXPECT_GT(moving->between_run_sd, 0.005);
}

TEST(BetweenRunSpread, TheIntervalWidensByTheSpreadAtItsTQuantile) {
  tare::results::AcrossRuns spread;
  spread.between_run_sd = 0.02;
  spread.degrees_of_freedom = 8;
  // ±1 around 100; the spread of 2% at t(8)'s 97.5% quantile, 2.306004: ±4.612.
  const auto wide = tare::analysis::interval_across_runs(benchmark(100, 99, 101), spread);
  ASSERT_TRUE(wide);
  EXPECT_NEAR(wide->high - 100, std::hypot(1.0, 2.306004 * 2), 1e-5);
  EXPECT_NEAR(100 - wide->low, std::hypot(1.0, 2.306004 * 2), 1e-5);
  // Each side on its own; the normal quantile without degrees of freedom.
  spread.degrees_of_freedom = 0;
  const auto skewed = tare::analysis::interval_across_runs(benchmark(100, 98, 101), spread);
  EXPECT_NEAR(100 - skewed->low, std::hypot(2.0, 1.959964 * 2), 1e-5);
  EXPECT_NEAR(skewed->high - 100, std::hypot(1.0, 1.959964 * 2), 1e-5);
  // No interval over forks, no interval across runs.
  tare::results::Benchmark unscored;
  EXPECT_FALSE(tare::analysis::interval_across_runs(unscored, spread));
}

}  // namespace own_history_unit
