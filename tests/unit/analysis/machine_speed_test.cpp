// The machine's speed between runs and the interval across runs, on readings with a known
// spread.
#include "analysis/machine_speed.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using tare::analysis::between_runs;
using tare::system::SpeedReading;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;

std::vector<SpeedReading> readings(std::initializer_list<double> references, std::int64_t age_seconds = 60) {
  std::vector<SpeedReading> history;
  std::int64_t time = kNow - age_seconds * static_cast<std::int64_t>(references.size() + 1);
  for (double r : references) history.push_back({time += age_seconds, "m", r});
  return history;
}

tare::results::Benchmark benchmark(double score, double low, double high) {
  tare::results::Benchmark b;
  b.score = score;
  b.ci = tare::results::Interval{0.95, low, high};
  return b;
}

}  // namespace

TEST(MachineSpeed, TheSpreadOfRecentReadingsIsTheirRelativeStandardDeviation) {
  // Logs of 1, 1.02, 0.98, 1.01, 0.99 (and this run's 1.0) times 4 ns.
  const auto speed = between_runs(readings({4.0, 4.08, 3.92, 4.04, 3.96}), kNow, 4.0);
  EXPECT_EQ(speed.runs, 6);
  std::vector<double> logs;
  for (double r : {4.0, 4.08, 3.92, 4.04, 3.96, 4.0}) logs.push_back(std::log(r));
  double mean = 0, ss = 0;
  for (double l : logs) mean += l / 6;
  for (double l : logs) ss += (l - mean) * (l - mean);
  EXPECT_NEAR(speed.relative_sd, std::expm1(std::sqrt(ss / 5)), 1e-12);
  EXPECT_NEAR(speed.relative_sd, 0.0146, 0.0005);
}

TEST(MachineSpeed, AReadingTakenBesideBusyNeighboursDoesNotWidenTheDay) {
  // A run beside two busy loops read the reference three times slow: left out, the spread
  // is the others' (with it, a standard deviation would say 45%).
  const auto loaded = between_runs(readings({4.0, 4.08, 3.92, 4.04, 3.96, 12.0}), kNow, 4.0);
  EXPECT_EQ(loaded.runs, 7);
  EXPECT_NEAR(loaded.relative_sd, 0.0146, 0.0005);
  // A machine that dips for minutes at a time: no reading is an outlier, all count.
  const auto dipping = between_runs(readings({4.0, 4.0, 4.0, 3.8, 3.8, 4.0}), kNow, 4.0);
  EXPECT_GT(dipping.relative_sd, 0.02);
}

TEST(MachineSpeed, TooFewOrTooOldReadingsLeaveItUnknown) {
  EXPECT_EQ(between_runs(readings({4.0, 4.1, 3.9}), kNow, 4.0).relative_sd, -1);  // 4 with this run
  // A day and more ago: another day's machine.
  const auto old = between_runs(readings({4.0, 4.1, 3.9, 4.2, 3.8}, 30 * 3600), kNow, 4.0);
  EXPECT_EQ(old.runs, 1);
  EXPECT_EQ(old.relative_sd, -1);
  // Only the newest hundred count.
  std::vector<SpeedReading> many;
  for (int i = 0; i < 150; ++i) many.push_back({kNow - 150 + i, "m", i < 50 ? 8.0 : 4.0});
  const auto newest = between_runs(many, kNow, 4.0);
  EXPECT_EQ(newest.runs, 101);
  EXPECT_NEAR(newest.relative_sd, 0, 1e-12);
}

TEST(MachineSpeed, TheIntervalAcrossRunsAddsTheMachinesSpreadInVariance) {
  tare::results::Context::BetweenRuns speed;
  speed.relative_sd = 0.02;
  // ±1 around 100; the machine's 2% at 95% is ±3.92; together sqrt(1 + 3.92^2).
  const auto wide = tare::analysis::interval_across_runs(benchmark(100, 99, 101), speed);
  ASSERT_TRUE(wide);
  EXPECT_NEAR(wide->high - 100, std::hypot(1.0, 1.959963984540054 * 2), 1e-9);
  EXPECT_NEAR(100 - wide->low, std::hypot(1.0, 1.959963984540054 * 2), 1e-9);
  // An asymmetric interval widens on each side.
  const auto skewed = tare::analysis::interval_across_runs(benchmark(100, 98, 101), speed);
  EXPECT_NEAR(100 - skewed->low, std::hypot(2.0, 1.959963984540054 * 2), 1e-9);
  speed.relative_sd = -1;  // unknown: no interval across runs
  EXPECT_FALSE(tare::analysis::interval_across_runs(benchmark(100, 99, 101), speed));
}

// The point of it: runs whose machine moved (known truth, fixed seed) are covered by the
// interval across runs about 95% of the time, where the interval over one run's forks
// alone covers far less.
TEST(MachineSpeed, IntervalsAcrossRunsCoverTheTruthWhenTheMachineMovesBetweenRuns) {
  std::mt19937_64 rng(42);
  std::normal_distribution<double> machine(0, 0.025), fork_noise(0, 0.01);
  const double truth = 1000;
  std::vector<SpeedReading> history;
  int covered_by_forks = 0, covered_across = 0, runs = 0;
  for (int run = 0; run < 400; ++run) {
    const double moment = std::exp(machine(rng));  // this run's machine speed
    // Ten forks: the benchmark and the reference both follow the moment.
    std::vector<double> means;
    for (int f = 0; f < 10; ++f) means.push_back(truth * moment * (1 + fork_noise(rng)));
    double mean = 0, ss = 0;
    for (double m : means) mean += m / 10;
    for (double m : means) ss += (m - mean) * (m - mean);
    const double half = 2.262157 * std::sqrt(ss / 9) / std::sqrt(10.0);
    const double reference = 4.0 * moment;
    const auto speed = between_runs(history, kNow + run * 60, reference);
    history.push_back({kNow + run * 60, "m", reference});
    if (run < 20) continue;  // the history fills first
    ++runs;
    covered_by_forks += std::abs(mean - truth) <= half;
    const auto across = tare::analysis::interval_across_runs(benchmark(mean, mean - half, mean + half), speed);
    ASSERT_TRUE(across);
    covered_across += across->low <= truth && truth <= across->high;
  }
  EXPECT_LT(covered_by_forks, runs / 2);            // about 25%
  EXPECT_GE(covered_across, runs * 92 / 100);       // about 95%
  EXPECT_LE(covered_across, runs * 99 / 100);       // and not wider than it must be
}
