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

namespace {

tare::results::Sample spanning(std::uint64_t ops, double ns, double span_ns) {
  tare::results::Sample s = batch(ops, ns);
  s.span_ns = span_ns;
  return s;
}

}  // namespace

// A sample's span is the time its run took as it passed: where the benchmark timed itself it
// was read apart (never under the timed time: the clocks' reads differ by a tick), where the
// harness timed the run whole it is its time.
TEST(WallSpan, IsTheRunsSpanWhereTheBenchmarkTimedItselfElseItsTime) {
  using tare::analysis::wall_span_ns;
  EXPECT_DOUBLE_EQ(wall_span_ns(spanning(100, 2e3, 150e3)), 150e3);
  EXPECT_DOUBLE_EQ(wall_span_ns(spanning(100, 2e3, 1.9e3)), 2e3);
  EXPECT_DOUBLE_EQ(wall_span_ns(batch(100, 2e3)), 2e3);
}

TEST(TypicalSpan, IsTheMedianSpanOfTheLastFiveOfTheLastBatchSize) {
  using tare::analysis::typical_span_ns;
  EXPECT_DOUBLE_EQ(typical_span_ns({spanning(10, 1, 1e4), spanning(100, 10, 1e5), spanning(100, 12, 3e5)}), 3e5);
  EXPECT_DOUBLE_EQ(typical_span_ns({spanning(9, 1, 9e6), spanning(9, 9, 1e6), spanning(9, 5, 3e6), spanning(9, 1, 2e6),
                                    spanning(9, 1, 9e6), spanning(9, 1, 4e6)}),
                   3e6);
  EXPECT_DOUBLE_EQ(typical_span_ns({batch(9, 2e6), batch(9, 1e6)}), 2e6);  // timed whole: the times
}

// A loop that pauses its timer for most of each iteration fills its measured time with its
// samples' spans: 170 µs samples timing 5 µs each take 20 to fill 3.4 ms, where their timed
// time would take 680. A deleted loop (at its cap) still takes its samples of nothing.
TEST(BatchesToMeasure, FillTheMeasuredTimeWithTheSamplesSpans) {
  using tare::analysis::batches_to_measure;
  const std::vector<tare::results::Sample> paused(6, spanning(64, 5e3, 170e3));
  EXPECT_EQ(batches_to_measure(paused, {3.4e6, 1, false}), 20u);
  const std::vector<tare::results::Sample> whole(6, batch(64, 170e3));
  EXPECT_EQ(batches_to_measure(whole, {3.4e6, 1, false}), 20u);
  const std::vector<tare::results::Sample> nothing(6, spanning(1u << 20, 1e3, 1.2e3));
  EXPECT_EQ(batches_to_measure(nothing, {3.4e6, 1, true}), static_cast<std::uint64_t>(tare::analysis::kSamplesOfNothing));
}

// Calibration grows a paused loop's batch until its span, not its timed time, reaches the
// target: an iteration spanning 2 µs that times 20 ns stops near 85 iterations for a 170 µs
// target, not at 8,500.
TEST(BatchCalibrator, APausedLoopStopsGrowingOnceItsSpanReachesTheTarget) {
  const BatchCalibrator calibrator(170e3, std::uint64_t{1} << 30);
  std::uint64_t n = 1;
  while (auto next = calibrator.next(n, tare::analysis::wall_span_ns(spanning(n, 20.0 * n, 2e3 * n)))) n = *next;
  EXPECT_GE(2e3 * n, 170e3 * 2 / 3);
  EXPECT_LE(2e3 * n, 170e3 * 1.2);
}
