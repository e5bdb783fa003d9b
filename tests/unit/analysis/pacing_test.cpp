// When a fork is paced by time as it passes, on synthetic samples whose timed time and time
// as it passed (the process's age at each sample's end) are known: exact shares, targets,
// batches and counts.
#include "analysis/pacing.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "analysis/calibration.hpp"

namespace {

using tare::analysis::batch_for;
using tare::analysis::batches_to_measure;
using tare::analysis::calibration_pace;
using tare::analysis::calibration_target_ns;
using tare::analysis::MeasurementPlan;
using tare::analysis::paced;
using tare::analysis::paced_target_ns;
using tare::analysis::Pace;
using tare::analysis::recent_pace;
using tare::results::Sample;

Sample paced_sample(double ns, double age_ns, std::uint64_t ops = 100, double wait_ns = -1) {
  Sample s;
  s.ops = ops;
  s.ns = ns;
  s.age_ns = age_ns;
  s.wait_ns = wait_ns;
  return s;
}

// `n` samples of `ns` each, one every `wall_ns` from `age_ns` on.
std::vector<Sample> paced_series(int n, double ns, double wall_ns, double age_ns = 10e6) {
  std::vector<Sample> samples;
  for (int i = 0; i < n; ++i) samples.push_back(paced_sample(ns, age_ns + i * wall_ns));
  return samples;
}

// A loop that pauses its timer: 50 us timed in every millisecond.
TEST(Pacing, ATimerRunningATwentiethOfTheTimeIsPaced) {
  const auto pace = recent_pace(paced_series(8, 50e3, 1e6), 1, 0);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_ns, 1e6);
  EXPECT_DOUBLE_EQ(pace->wall_share, 0.05);
  EXPECT_DOUBLE_EQ(pace->timed_share, 0.05);
  EXPECT_TRUE(paced(*pace));
}

// A timed loop with the worker's few microseconds between samples.
TEST(Pacing, ALoopTimedThroughoutIsNotPaced) {
  const auto pace = recent_pace(paced_series(8, 1e6, 1.02e6), 1, 0);
  ASSERT_TRUE(pace);
  EXPECT_FALSE(paced(*pace));
  // A quarter of the time is the boundary: not paced at it, paced under it.
  EXPECT_FALSE(paced(*recent_pace(paced_series(8, 0.25e6, 1e6), 1, 0)));
  EXPECT_TRUE(paced(*recent_pace(paced_series(8, 0.24e6, 1e6), 1, 0)));
}

// Eight threads on two CPUs whose batches are short against the scheduler's slice: each runs
// its batch in turn, timing 0.25 ms of the 1 ms the sample took, and waits 0.75 ms for a CPU
// (6 ms summed over the threads). That is no paused timer: the waits count as timed.
TEST(Pacing, ThreadsTakingTurnsOnTooFewCpusAreNotPaced) {
  std::vector<Sample> samples;
  for (int i = 0; i < 8; ++i) samples.push_back(paced_sample(0.25e6, 10e6 + i * 1e6, 800, 6e6));
  const auto pace = recent_pace(samples, 8, 0);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_share, 0.25);
  EXPECT_DOUBLE_EQ(pace->timed_share, 1.0);
  EXPECT_FALSE(paced(*pace));
  // The same threads pausing their timers: 10 us of each thread's 250 us on a CPU timed.
  for (auto& s : samples) s.ns = 10e3;
  EXPECT_DOUBLE_EQ(recent_pace(samples, 8, 0)->timed_share, 0.04);
  EXPECT_TRUE(paced(*recent_pace(samples, 8, 0)));
}

// The median of the last five: a round trip to the worker held up 20 ms before one sample,
// or one before a chunk, moves nothing.
TEST(Pacing, OneSampleHeldUpMovesNoMedian) {
  auto samples = paced_series(8, 1e6, 1.02e6);
  for (std::size_t i = 6; i < samples.size(); ++i) samples[i].age_ns += 20e6;
  const auto pace = recent_pace(samples, 1, 0);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_ns, 1.02e6);
  EXPECT_FALSE(paced(*pace));
}

// Only the last batch size counts (the samples before were calibration), and a sample whose
// age, or whose predecessor's, is not known says nothing.
TEST(Pacing, OnlyTheLastBatchSizeWithKnownAges) {
  std::vector<Sample> samples{paced_sample(1e6, 10e6, 10), paced_sample(1e6, 11e6, 10), paced_sample(50e3, 12e6), paced_sample(50e3, 13e6)};
  const auto pace = recent_pace(samples, 1, 0);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_share, 0.05);
  EXPECT_FALSE(recent_pace({paced_sample(50e3, -1), paced_sample(50e3, -1)}, 1, 0));
  EXPECT_FALSE(recent_pace({paced_sample(50e3, 12e6)}, 1, 0));  // the first sample: nothing before it
}

// A sample shorter than the least says nothing (the worker's own work between samples weighs
// in it as a paused timer would): 10 us timed in 50 us is no pace where 0.33 ms is the least.
TEST(Pacing, ASampleShorterThanTheLeastSaysNothing) {
  EXPECT_FALSE(recent_pace(paced_series(8, 10e3, 50e3), 1, 0.33e6));
  EXPECT_TRUE(paced(*recent_pace(paced_series(8, 10e3, 50e3), 1, 0)));
  // Only the long ones count among the last five.
  auto samples = paced_series(8, 10e3, 50e3);
  samples.back().age_ns += 1e6;
  const auto pace = recent_pace(samples, 1, 0.33e6);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_ns, 1.05e6);
}

// Before the warmup, the calibration's last two samples must both look paced: a call's
// set-up before the last alone does not pace the fork.
TEST(Pacing, TheCalibrationPacesOnlyWhenItsLastTwoSamplesLookPaced) {
  const std::vector<Sample> paused{paced_sample(5e3, 10e6, 1), paced_sample(50e3, 11e6, 10), paced_sample(500e3, 21e6, 100)};
  const auto pace = calibration_pace(paused, 1, 0);
  ASSERT_TRUE(pace);
  EXPECT_DOUBLE_EQ(pace->wall_ns, 10e6);
  EXPECT_DOUBLE_EQ(pace->wall_share, 0.05);
  // 30 ms of set-up before the last sample of a loop timed throughout.
  const std::vector<Sample> set_up{paced_sample(0.1e6, 10e6, 1), paced_sample(1e6, 11.05e6, 10), paced_sample(1e6, 42.1e6, 10)};
  EXPECT_FALSE(calibration_pace(set_up, 1, 0));
  EXPECT_FALSE(calibration_pace({paused[1], paused[2]}, 1, 0));  // one pace known only
  // The calibration aims at the paced target (a twentieth of 1 ms) once both look paced;
  // samples shorter than a third of the target (0.33 ms: the first of 1 ms) say nothing.
  EXPECT_DOUBLE_EQ(calibration_target_ns(paused, 1, 1e6, 0), 50e3);
  EXPECT_DOUBLE_EQ(calibration_target_ns(paused, 1, 1e6, 80e3), 80e3);
  EXPECT_DOUBLE_EQ(calibration_target_ns(paused, 1, 4e6, 0), 4e6);  // 1 ms < 4/3 ms: not known
  EXPECT_DOUBLE_EQ(calibration_target_ns(set_up, 1, 1e6, 0), 1e6);
}

TEST(Pacing, APacedTargetLastsTheTargetAsTimePassesNotUnderTheClocksThousandfold) {
  const Pace twentieth{1e6, 0.05, 0.05};
  EXPECT_DOUBLE_EQ(paced_target_ns(1e6, twentieth, 21e3), 50e3);
  EXPECT_DOUBLE_EQ(paced_target_ns(167e3, twentieth, 21e3), 21e3);  // a short run's: the clock's bound
}

TEST(Pacing, TheBatchShrinksInProportionAndNeverGrowsOrVanishes) {
  EXPECT_EQ(batch_for(1000, 1e6, 50e3), 50u);  // 1000 x 50/1000
  EXPECT_EQ(batch_for(1000, 1e6, 50.5e3), 51u);  // rounded up
  EXPECT_EQ(batch_for(3, 1e6, 1e3), 1u);
  EXPECT_EQ(batch_for(10, 1e6, 5e6), 10u);
  EXPECT_EQ(batch_for(10, 0, 5e6), 10u);
}

// A paced fork fills its measured time as it passes: 4 ms of 200 us samples is 20 of them,
// where their own 10 us would ask 400; min_samples still holds.
TEST(Pacing, APacedMeasurementIsFilledByTimeAsItPasses) {
  const auto warmup = paced_series(10, 10e3, 200e3);
  MeasurementPlan plan{4e6, 1, false};
  EXPECT_EQ(batches_to_measure(warmup, plan), 400u);
  plan.sample_wall_ns = 200e3;
  EXPECT_EQ(batches_to_measure(warmup, plan), 20u);
  plan.sample_wall_ns = 50e6;
  plan.min_samples = 5;
  EXPECT_EQ(batches_to_measure(warmup, plan), 5u);
}

}  // namespace
