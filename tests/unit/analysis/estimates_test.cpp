// Which forks a score rests on, and the estimates around it, on synthetic forks.
#include "analysis/estimates.hpp"

#include <gtest/gtest.h>

#include <random>

#include "analysis/drift.hpp"

using tare::Mode;
using tare::results::Benchmark;
using tare::results::Fork;
using tare::results::Sample;
using tare::results::SteadyClass;

namespace {

Fork fork_of(std::vector<double> per_op, SteadyClass steady = SteadyClass::flat) {
  Fork f;
  double sum = 0;
  for (double v : per_op) {
    f.samples.push_back(Sample{1000, v * 1000, 0, {}});
    sum += v;
  }
  f.mean = sum / static_cast<double>(per_op.size());
  f.steady_class = steady;
  return f;
}

std::vector<double> normal(std::mt19937_64& rng, int n, double mean, double sd) {
  std::normal_distribution<double> d(mean, sd);
  std::vector<double> xs;
  for (int i = 0; i < n; ++i) xs.push_back(d(rng));
  return xs;
}

TEST(ScoredForks, AreTheSteadyOnesWhenAtLeastTwo) {
  Benchmark b;
  b.forks = {fork_of({1, 1}), fork_of({2, 2}, SteadyClass::no_steady_state), fork_of({3, 3}, SteadyClass::warmup), fork_of({4, 4})};
  b.forks[3].ok = false;
  const auto scored = tare::analysis::scored_forks(b);
  ASSERT_EQ(scored.size(), 2u);
  EXPECT_EQ(scored[0], &b.forks[0]);
  EXPECT_EQ(scored[1], &b.forks[2]);
}

TEST(ScoredForks, FallBackToEverySuccessfulForkWhenTooFewAreSteady) {
  Benchmark b;
  b.forks = {fork_of({1, 1}), fork_of({2, 2}, SteadyClass::no_steady_state), fork_of({3, 3}, SteadyClass::no_steady_state)};
  EXPECT_EQ(tare::analysis::scored_forks(b).size(), 3u);
}

TEST(Estimates, ScoreCiMedianAndComponentsOverForks) {
  std::mt19937_64 rng(1);
  Benchmark b;
  for (double m : {99.0, 100.0, 101.0, 100.5, 99.5, 100.0}) b.forks.push_back(fork_of(normal(rng, 50, m, 1.0)));
  const auto forks = tare::analysis::scored_forks(b);
  tare::analysis::estimate(b, forks, Mode::avgt, 1, 42);
  ASSERT_TRUE(b.score && b.ci && b.median_ci && b.bootstrap && b.outliers);
  EXPECT_NEAR(*b.score, 100.0, 0.5);
  EXPECT_EQ(b.ci_method, "student-t over fork means");
  EXPECT_EQ(b.within_fork_method, "samples");
  EXPECT_NEAR(*b.within_fork_variance, 1.0, 0.2);
  EXPECT_LT(b.median_ci->low, *b.median);
  EXPECT_GT(b.median_ci->high, *b.median);
  EXPECT_LE(b.bootstrap->mean.low, *b.score);
  EXPECT_GE(b.bootstrap->mean.high, *b.score);
  EXPECT_EQ(b.bootstrap->block_length, 1);
  EXPECT_EQ(b.steady_state, "flat");
  EXPECT_TRUE(b.modes.empty());
  // Reproducible: the same seed gives the same bootstrap.
  Benchmark again = b;
  tare::analysis::estimate(again, tare::analysis::scored_forks(again), Mode::avgt, 1, 42);
  EXPECT_EQ(again.bootstrap->mean.low, b.bootstrap->mean.low);
}

TEST(Estimates, DependentSamplesSwitchToBatchMeansAndBlocks) {
  std::mt19937_64 rng(2);
  std::normal_distribution<double> noise(0, 1);
  Benchmark b;
  for (int k = 0; k < 6; ++k) {
    std::vector<double> xs;
    double x = 0;
    for (int i = 0; i < 200; ++i) {
      x = 0.7 * x + noise(rng);
      xs.push_back(100 + x);
    }
    Fork f = fork_of(xs);
    f.dependent = true;
    b.forks.push_back(f);
  }
  tare::analysis::estimate(b, tare::analysis::scored_forks(b), Mode::avgt, 1, 1);
  EXPECT_EQ(b.within_fork_method, "batch means");
  // Long-run variance of AR(1): 1 / (1 - 0.7)^2 = 11.1, far above the sample variance 1.96.
  EXPECT_GT(*b.within_fork_variance, 5.0);
  EXPECT_GT(b.bootstrap->block_length, 1);
}

TEST(Estimates, TwoModesOfForksAreReported) {
  std::mt19937_64 rng(3);
  Benchmark b;
  for (int k = 0; k < 6; ++k) b.forks.push_back(fork_of(normal(rng, 20, 100, 0.5)));
  for (int k = 0; k < 4; ++k) b.forks.push_back(fork_of(normal(rng, 20, 120, 0.5)));
  tare::analysis::estimate(b, tare::analysis::scored_forks(b), Mode::avgt, 1, 1);
  ASSERT_EQ(b.modes.size(), 2u);
  EXPECT_NEAR(b.modes[0].mean, 100, 0.5);
  EXPECT_EQ(b.modes[0].forks, 6);
  EXPECT_NEAR(b.modes[1].mean, 120, 0.5);
  EXPECT_EQ(b.modes[1].forks, 4);
}

TEST(Estimates, SteadyStateAcrossForksUsesEverySuccessfulFork) {
  Benchmark b;
  b.forks = {fork_of({1, 1}), fork_of({1, 1}, SteadyClass::warmup), fork_of({1, 1}, SteadyClass::no_steady_state)};
  tare::analysis::estimate(b, tare::analysis::scored_forks(b), Mode::avgt, 1, 1);
  EXPECT_EQ(b.steady_state, "bad inconsistent");
  b.forks.pop_back();
  tare::analysis::estimate(b, tare::analysis::scored_forks(b), Mode::avgt, 1, 1);
  EXPECT_EQ(b.steady_state, "good inconsistent");
}

TEST(Drift, ForksOnASlowMachineAreScaledBackToTheRunsSpeed) {
  Benchmark b;
  b.forks = {fork_of({100, 100}), fork_of({110, 110})};
  b.forks[0].reference_before_ns = b.forks[0].reference_after_ns = 2.0;
  b.forks[1].reference_before_ns = 2.2;  // the machine was 10% slower for the second fork
  b.forks[1].reference_after_ns = 2.6;   // (and disturbed during one reading: the faster counts)
  tare::results::Run run;
  run.benchmarks = {b};
  tare::analysis::measure_run_drift(run);
  EXPECT_DOUBLE_EQ(run.context.reference_ns, 2.1);  // median of 2.0 and 2.2
  EXPECT_NEAR(run.context.drift, 0.2 / 2.1, 1e-12);
  auto& measured = run.benchmarks[0];
  tare::analysis::measure_benchmark_drift(measured, tare::analysis::scored_forks(measured), Mode::avgt,
                                        run.context.reference_ns);
  ASSERT_TRUE(measured.drift && measured.drift->normalized_score);
  // 100 * 2.1/2.0 = 105 and 110 * 2.1/2.2 = 105: the drift explains the whole difference.
  EXPECT_NEAR(*measured.drift->normalized_score, 105.0, 1e-9);
  EXPECT_NEAR(measured.drift->normalized_ci->high - measured.drift->normalized_ci->low, 0.0, 1e-9);
  EXPECT_NEAR(measured.drift->movement, 0.2 / 2.1, 1e-12);

  // Throughput goes the other way: a slow machine's ops/s are scaled up.
  Benchmark rate;
  rate.forks = {fork_of({1e7, 1e7}), fork_of({1e7, 1e7})};
  rate.forks[0].reference_before_ns = rate.forks[0].reference_after_ns = 2.0;
  rate.forks[1].reference_before_ns = rate.forks[1].reference_after_ns = 2.2;
  tare::analysis::measure_benchmark_drift(rate, tare::analysis::scored_forks(rate), Mode::thrpt, 2.0);
  EXPECT_NEAR(*rate.drift->normalized_score, (1e7 + 1.1e7) / 2, 1e-3);
}

TEST(Drift, NeedsReferenceTimesFromTwoForks) {
  Benchmark b;
  b.forks = {fork_of({100, 100}), fork_of({110, 110})};
  b.forks[0].reference_after_ns = 2.0;
  tare::analysis::measure_benchmark_drift(b, tare::analysis::scored_forks(b), Mode::avgt, 2.0);
  EXPECT_FALSE(b.drift.has_value());
}

}  // namespace
