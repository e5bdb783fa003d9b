// The post-hoc analysis of one fork's series, on synthetic forks with a known shape.
#include "runner/fork_analysis.hpp"

#include <gtest/gtest.h>

#include <random>

using tare::Mode;
using tare::results::Fork;
using tare::results::Sample;
using tare::runner::analyze_fork;
using tare::runner::ForkAnalysisInput;

namespace {

// `calibration` samples of other batch sizes, then `warmup` + `measured` samples of 1000
// ops each, whose ns/op is `level(i)` (i counts from the first post-calibration sample)
// plus 0.5% noise.
template <class Level>
Fork make_fork(std::size_t calibration, std::size_t warmup, std::size_t measured, Level level, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0, 0.005);
  Fork f;
  for (std::size_t i = 0; i < calibration; ++i) f.warmup.push_back(Sample{10, 5000.0, 0, {}});
  for (std::size_t i = 0; i < warmup + measured; ++i) {
    const double per_op = level(i) * (1 + noise(rng));
    Sample s{1000, per_op * 1000, per_op * 1000, {}};
    (i < warmup ? f.warmup : f.samples).push_back(s);
  }
  return f;
}

ForkAnalysisInput input(std::size_t calibration) {
  ForkAnalysisInput in;
  in.calibration_samples = calibration;
  in.clock_resolution_ns = 30;
  return in;
}

TEST(ForkAnalysis, AFlatForkKeepsItsSamplesAndGetsItsMean) {
  Fork f = make_fork(3, 20, 40, [](std::size_t) { return 100.0; }, 1);
  analyze_fork(f, input(3));
  EXPECT_EQ(f.steady_class, "flat");
  EXPECT_TRUE(f.changepoints.empty());
  EXPECT_EQ(f.samples.size(), 40u);
  EXPECT_EQ(f.steady_first_index, 23);
  EXPECT_NEAR(f.mean, 100.0, 0.5);
  double measured = 0;
  for (const auto& s : f.samples) measured += s.ns;
  EXPECT_DOUBLE_EQ(f.measured_ns, measured);
}

TEST(ForkAnalysis, WarmupThatReachesIntoTheMeasurementIsCutThere) {
  // 2x slower until 10 samples into the measurement (post-calibration index 30).
  Fork f = make_fork(3, 20, 40, [](std::size_t i) { return i < 30 ? 200.0 : 100.0; }, 2);
  analyze_fork(f, input(3));
  EXPECT_EQ(f.steady_class, "warmup");
  ASSERT_EQ(f.changepoints.size(), 1u);
  EXPECT_EQ(f.changepoints[0], 3 + 30);  // indices into warmup + samples
  EXPECT_EQ(f.samples.size(), 30u);      // 10 slow samples moved to warmup
  EXPECT_EQ(f.warmup.size(), 33u);
  EXPECT_EQ(f.steady_first_index, 33);
  EXPECT_NEAR(f.mean, 100.0, 0.5);  // the slow samples no longer count
}

TEST(ForkAnalysis, NeverMoreThanHalfOfTheMeasurementIsCut) {
  // The change comes 30 samples into a 40-sample measurement: no steady state, nothing cut.
  Fork f = make_fork(3, 20, 40, [](std::size_t i) { return i < 50 ? 200.0 : 100.0; }, 3);
  analyze_fork(f, input(3));
  EXPECT_EQ(f.steady_class, "no steady state");
  EXPECT_EQ(f.samples.size(), 40u);
  EXPECT_NEAR(f.mean, 0.75 * 200 + 0.25 * 100, 2.0);
}

TEST(ForkAnalysis, ASlowdownIsMeasuredAtItsSlowerSteadyState) {
  Fork f = make_fork(3, 20, 40, [](std::size_t i) { return i < 25 ? 100.0 : 130.0; }, 4);
  analyze_fork(f, input(3));
  EXPECT_EQ(f.steady_class, "slowdown");
  EXPECT_EQ(f.samples.size(), 35u);
  EXPECT_NEAR(f.mean, 130.0, 0.7);
}

TEST(ForkAnalysis, CalibrationSamplesAreNotPartOfTheSeries) {
  // Calibration batches are 50x slower per op; they must not read as warmup.
  Fork f = make_fork(5, 20, 40, [](std::size_t) { return 100.0; }, 5);
  analyze_fork(f, input(5));
  EXPECT_EQ(f.steady_class, "flat");
}

TEST(ForkAnalysis, TooFewSamplesAreUnchecked) {
  Fork f = make_fork(1, 2, 5, [](std::size_t) { return 100.0; }, 6);
  analyze_fork(f, input(1));
  EXPECT_EQ(f.steady_class, "unchecked");
  EXPECT_EQ(f.samples.size(), 5u);
}

TEST(ForkAnalysis, SingleShotOnlyGetsItsMean) {
  Fork f;
  f.samples.push_back(Sample{1, 1234.0, 0, {}});
  ForkAnalysisInput in;
  in.mode = Mode::ss;
  analyze_fork(f, in);
  EXPECT_EQ(f.steady_class, "single shot");
  EXPECT_DOUBLE_EQ(f.mean, 1234.0);
}

TEST(ForkAnalysis, DependentSamplesAreFlagged) {
  // AR(1) with phi = 0.8 around 100 ns/op.
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 1);
  Fork f;
  double x = 0;
  for (int i = 0; i < 200; ++i) {
    x = 0.8 * x + noise(rng);
    f.samples.push_back(Sample{1000, (100 + x) * 1000, 0, {}});
  }
  analyze_fork(f, input(0));
  EXPECT_TRUE(f.dependent);
  EXPECT_GT(f.lag1, 0.6);
}

TEST(ForkAnalysis, ThroughputForksAreClassifiedOnTimeButScoredInTheirUnit) {
  Fork f = make_fork(3, 20, 40, [](std::size_t i) { return i < 30 ? 200.0 : 100.0; }, 8);
  ForkAnalysisInput in = input(3);
  in.mode = Mode::thrpt;
  analyze_fork(f, in);
  EXPECT_EQ(f.steady_class, "warmup");  // slower first: warmup, whatever the unit
  EXPECT_NEAR(f.mean, 1e7, 1e5);        // 100 ns/op = 10 Mops/s
}

}  // namespace

namespace {

TEST(ForkAnalysis, LongSeriesAreJudgedOnBlockMeans) {
  // 20,000 values (sample mode's maximum) would take PELT seconds when flat; blocks of 20
  // keep it under 1,000 points. The warmup ends at 2,100 (a block boundary).
  Fork f = make_fork(0, 100, 19900, [](std::size_t i) { return i < 2100 ? 150.0 : 100.0; }, 9);
  analyze_fork(f, input(0));
  EXPECT_EQ(f.steady_class, "warmup");
  ASSERT_EQ(f.changepoints.size(), 1u);
  EXPECT_EQ(f.changepoints[0], 2100);
  EXPECT_EQ(f.steady_first_index, 2100);
  EXPECT_EQ(f.samples.size(), 17900u);
}

}  // namespace
