// Batch calibration on a fake clock: no real time is involved.
#include "analysis/calibration.hpp"

#include <gtest/gtest.h>

#include <cmath>

using tare::analysis::BatchCalibrator;
using tare::analysis::target_sample_ns;

namespace {

// A clock that quantises every duration to `tick` ns, as a coarse clock would.
struct FakeClock {
  double tick;
  double op_ns;
  double elapsed(std::uint64_t invocations) const { return std::floor(op_ns * invocations / tick) * tick; }
};

std::uint64_t calibrate(const BatchCalibrator& calibrator, const FakeClock& clock, int* steps = nullptr) {
  std::uint64_t n = 1;
  int count = 0;
  while (auto next = calibrator.next(n, clock.elapsed(n))) {
    n = *next;
    ++count;
  }
  if (steps) *steps = count;
  return n;
}

}  // namespace

TEST(TargetSample, IsAThousandTimesTheClockCostClampedToOneAndAHundredMilliseconds) {
  EXPECT_DOUBLE_EQ(target_sample_ns(1, 20), 1e6);       // TSC-like: the 1 ms floor
  EXPECT_DOUBLE_EQ(target_sample_ns(4000, 1000), 5e6);  // coarse clock: 1000 x (q + c)
  EXPECT_DOUBLE_EQ(target_sample_ns(1e6, 0), 1e8);      // 1 ms ticks: capped at 100 ms
}

// A short fork (a short run's: under 20 ms measured) aims at 20 samples, never where the
// clock's error would exceed 0.1% of one.
TEST(TargetSample, AShortForkAimsAtTwentySamplesNotUnderTheClocksThousandfold) {
  EXPECT_DOUBLE_EQ(target_sample_ns(1, 20, 100e6), 1e6);     // the usual fork: 1 ms
  EXPECT_DOUBLE_EQ(target_sample_ns(1, 20, 20e6), 1e6);      // 20 ms: still 1 ms
  EXPECT_DOUBLE_EQ(target_sample_ns(1, 20, 4e6), 200e3);     // 4 ms: a twentieth
  EXPECT_DOUBLE_EQ(target_sample_ns(1, 20, 0.2e6), 21e3);    // never under 1000 x (q + c)
  EXPECT_DOUBLE_EQ(target_sample_ns(100, 100, 2e6), 200e3);  // the clock's bound wins over 100 us
  EXPECT_DOUBLE_EQ(target_sample_ns(4000, 1000, 2e6), 5e6);  // a coarse clock: as before
}

TEST(BatchCalibrator, ASevenNanosecondOpLandsBetweenTwoThirdsAndTheTargetPlusTwentyPercent) {
  const double target = 1e6;
  const FakeClock clock{1.0, 7.0};
  const std::uint64_t n = calibrate(BatchCalibrator(target), clock);
  const double sample = clock.elapsed(n);
  EXPECT_GE(sample, target * 2 / 3);
  EXPECT_LE(sample, target * 1.21);
  // Quantisation error of one tick is below 0.1% of the sample.
  EXPECT_LT(clock.tick / sample, 0.001);
}

TEST(BatchCalibrator, OnACoarseClockTheSampleStillCoversAThousandTicks) {
  const double tick = 4000;  // a 4 µs clock
  const double target = target_sample_ns(tick, 0);
  const FakeClock clock{tick, 7.0};
  const std::uint64_t n = calibrate(BatchCalibrator(target), clock);
  EXPECT_GE(clock.elapsed(n), 1000 * tick * 2 / 3);
}

TEST(BatchCalibrator, AnOperationLongerThanTheTargetIsAcceptedAtOneInvocation) {
  const FakeClock clock{1.0, 5e6};
  int steps = -1;
  EXPECT_EQ(calibrate(BatchCalibrator(1e6), clock, &steps), 1u);
  EXPECT_EQ(steps, 0);
}

TEST(BatchCalibrator, AnOperationThatTakesNoTimeStopsAtTheCapAndSaysSo) {
  const BatchCalibrator calibrator(1e6, std::uint64_t{1} << 30);
  const FakeClock clock{1.0, 0.0};
  const std::uint64_t n = calibrate(calibrator, clock);
  EXPECT_EQ(n, std::uint64_t{1} << 30);
  EXPECT_TRUE(calibrator.capped(n, clock.elapsed(n)));
  EXPECT_FALSE(calibrator.capped(1000, 1e6));
}

TEST(BatchCalibrator, GrowsGeometricallySoCalibrationTakesFewSteps) {
  int steps = 0;
  calibrate(BatchCalibrator(1e6), FakeClock{1.0, 0.5}, &steps);
  EXPECT_LE(steps, 9);
}

namespace {

// A sample of `ops` operations that took `ns`, ending at the process's age `age_ns`, its
// threads having waited `wait_ns` for a CPU.
tare::results::Sample batch(std::uint64_t ops, double ns, double age_ns = 0, double wait_ns = 0) {
  tare::results::Sample s;
  s.ops = ops;
  s.ns = ns;
  s.age_ns = age_ns;
  s.wait_ns = wait_ns;
  return s;
}

tare::results::Sample one_invocation(double ns, double age_ns, double wait_ns = 0) {
  return batch(1, ns, age_ns, wait_ns);
}

}  // namespace

// One sample is the fork's measurement when it lasted its measurement and its warmup bound,
// whichever is longer (a Google Benchmark short run: 3.3 ms and 20 ms), and the process is as
// old as the fork must warm up to.
TEST(FirstSampleServes, WhenItLastedTheMeasurementAndTheWarmupBound) {
  using tare::analysis::first_sample_serves;
  const tare::analysis::FirstSampleBounds bounds{3.3e6, 20e6, 0};
  EXPECT_TRUE(first_sample_serves(one_invocation(1e9, 1.1e9), bounds, 1));
  EXPECT_TRUE(first_sample_serves(one_invocation(20e6, 30e6), bounds, 1));
  EXPECT_FALSE(first_sample_serves(one_invocation(10e6, 20e6), bounds, 1));  // longer than the measurement only
  EXPECT_FALSE(first_sample_serves(one_invocation(2e6, 1e9), bounds, 1));    // an old process does not make it long
  EXPECT_FALSE(first_sample_serves(one_invocation(50e6, 60e6), {100e6, 20e6, 0}, 1));  // shorter than the measurement
}

TEST(FirstSampleServes, NotBeforeTheAgeASlowStartAsksToWarmUpTo) {
  using tare::analysis::first_sample_serves;
  const tare::analysis::FirstSampleBounds bounds{3.3e6, 20e6, 500e6};
  EXPECT_FALSE(first_sample_serves(one_invocation(300e6, 310e6), bounds, 1));
  EXPECT_TRUE(first_sample_serves(one_invocation(600e6, 610e6), bounds, 1));
}

// A call that waited for a CPU (another process held it) only looked long: without its
// threads' waits (summed over them; the sample's time is their mean) it must still last.
TEST(FirstSampleServes, NotWhenItLookedLongOnlyForWaitingForACpu) {
  using tare::analysis::first_sample_serves;
  const tare::analysis::FirstSampleBounds bounds{3.3e6, 20e6, 0};
  EXPECT_FALSE(first_sample_serves(one_invocation(30e6, 40e6, 29e6), bounds, 1));
  EXPECT_TRUE(first_sample_serves(one_invocation(30e6, 40e6, 10e6), bounds, 1));
  EXPECT_FALSE(first_sample_serves(one_invocation(30e6, 40e6, 30e6), bounds, 2));
  EXPECT_TRUE(first_sample_serves(one_invocation(30e6, 40e6, 20e6), bounds, 2));
  EXPECT_TRUE(first_sample_serves(one_invocation(30e6, 40e6, -1), bounds, 1));  // waits not known
}

// The typical recent sample is of the last batch size: calibration samples of smaller
// batches before a short warmup are no guide to how long a sample takes.
TEST(TypicalRecent, IsTheMedianOfTheLastFiveOfTheLastBatchSize) {
  using tare::analysis::typical_recent;
  EXPECT_DOUBLE_EQ(typical_recent({batch(10, 1e4), batch(100, 1e5), batch(1000, 1e6), batch(1000, 1.2e6)}).ns, 1.2e6);
  EXPECT_DOUBLE_EQ(typical_recent({batch(100, 1e5), batch(1000, 1e6)}).ns, 1e6);
  EXPECT_DOUBLE_EQ(
      typical_recent({batch(9, 1), batch(9, 1e6), batch(9, 3e6), batch(9, 2e6), batch(9, 9e6), batch(9, 4e6)}).ns, 3e6);
}
