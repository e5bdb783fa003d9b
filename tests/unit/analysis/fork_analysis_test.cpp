// The post-hoc analysis of one fork's series, on synthetic forks with a known shape.
#include "analysis/fork_analysis.hpp"

#include <gtest/gtest.h>

#include <random>

#include "synthetic_fork.hpp"

using tare::Mode;
using tare::results::Fork;
using tare::results::Sample;
using tare::results::SteadyClass;
using tare::analysis::analyze_fork;
using tare::analysis::ForkAnalysisInput;

namespace {


TEST(ForkAnalysis, AFlatForkKeepsItsSamplesAndGetsItsMean) {
  Fork f = tare_test::synthetic_fork(3, 20, 40, [](std::size_t) { return 100.0; }, 1);
  analyze_fork(f, tare_test::analysis_input(3));
  EXPECT_EQ(f.steady_class, SteadyClass::flat);
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
  Fork f = tare_test::synthetic_fork(3, 20, 40, [](std::size_t i) { return i < 30 ? 200.0 : 100.0; }, 2);
  analyze_fork(f, tare_test::analysis_input(3));
  EXPECT_EQ(f.steady_class, SteadyClass::warmup);
  ASSERT_EQ(f.changepoints.size(), 1u);
  EXPECT_EQ(f.changepoints[0], 3 + 30);  // indices into warmup + samples
  EXPECT_EQ(f.samples.size(), 30u);      // 10 slow samples moved to warmup
  EXPECT_EQ(f.warmup.size(), 33u);
  EXPECT_EQ(f.steady_first_index, 33);
  EXPECT_NEAR(f.mean, 100.0, 0.5);  // the slow samples no longer count
}

TEST(ForkAnalysis, NeverMoreThanHalfOfTheMeasurementIsCut) {
  // The change comes 30 samples into a 40-sample measurement: no steady state, nothing cut.
  Fork f = tare_test::synthetic_fork(3, 20, 40, [](std::size_t i) { return i < 50 ? 200.0 : 100.0; }, 3);
  analyze_fork(f, tare_test::analysis_input(3));
  EXPECT_EQ(f.steady_class, SteadyClass::no_steady_state);
  EXPECT_EQ(f.samples.size(), 40u);
  EXPECT_NEAR(f.mean, 0.75 * 200 + 0.25 * 100, 2.0);
}

TEST(ForkAnalysis, ASlowdownIsMeasuredAtItsSlowerSteadyState) {
  Fork f = tare_test::synthetic_fork(3, 20, 40, [](std::size_t i) { return i < 25 ? 100.0 : 130.0; }, 4);
  analyze_fork(f, tare_test::analysis_input(3));
  EXPECT_EQ(f.steady_class, SteadyClass::slowdown);
  EXPECT_EQ(f.samples.size(), 35u);
  EXPECT_NEAR(f.mean, 130.0, 0.7);
}

TEST(ForkAnalysis, CalibrationSamplesAreNotPartOfTheSeries) {
  // Calibration batches are 50x slower per op; they must not read as warmup.
  Fork f = tare_test::synthetic_fork(5, 20, 40, [](std::size_t) { return 100.0; }, 5);
  analyze_fork(f, tare_test::analysis_input(5));
  EXPECT_EQ(f.steady_class, SteadyClass::flat);
}

TEST(ForkAnalysis, TooFewSamplesAreUnchecked) {
  Fork f = tare_test::synthetic_fork(1, 2, 5, [](std::size_t) { return 100.0; }, 6);
  analyze_fork(f, tare_test::analysis_input(1));
  EXPECT_EQ(f.steady_class, SteadyClass::unchecked);
  EXPECT_EQ(f.samples.size(), 5u);
}

TEST(ForkAnalysis, SingleShotOnlyGetsItsMean) {
  Fork f;
  f.samples.push_back(Sample{1, 1234.0, 0, {}});
  ForkAnalysisInput in;
  in.mode = Mode::ss;
  analyze_fork(f, in);
  EXPECT_EQ(f.steady_class, SteadyClass::single_shot);
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
  analyze_fork(f, tare_test::analysis_input(0));
  EXPECT_TRUE(f.dependent);
  EXPECT_GT(f.lag1, 0.6);
}

TEST(ForkAnalysis, ThroughputForksAreClassifiedOnTimeButScoredInTheirUnit) {
  Fork f = tare_test::synthetic_fork(3, 20, 40, [](std::size_t i) { return i < 30 ? 200.0 : 100.0; }, 8);
  ForkAnalysisInput in = tare_test::analysis_input(3);
  in.mode = Mode::thrpt;
  analyze_fork(f, in);
  EXPECT_EQ(f.steady_class, SteadyClass::warmup);  // slower first: warmup, whatever the unit
  EXPECT_NEAR(f.mean, 1e7, 1e5);        // 100 ns/op = 10 Mops/s
}

}  // namespace

namespace {

TEST(ForkAnalysis, LongSeriesAreJudgedOnBlockMeans) {
  // 20,000 values (sample mode's maximum) would take PELT seconds when flat; blocks of 20
  // keep it under 1,000 points. The warmup ends at 2,100 (a block boundary).
  Fork f = tare_test::synthetic_fork(0, 100, 19900, [](std::size_t i) { return i < 2100 ? 150.0 : 100.0; }, 9);
  analyze_fork(f, tare_test::analysis_input(0));
  EXPECT_EQ(f.steady_class, SteadyClass::warmup);
  ASSERT_EQ(f.changepoints.size(), 1u);
  EXPECT_EQ(f.changepoints[0], 2100);
  EXPECT_EQ(f.steady_first_index, 2100);
  EXPECT_EQ(f.samples.size(), 17900u);
}

}  // namespace
