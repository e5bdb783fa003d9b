// The slow-start judgement on synthetic forks with a known shape: a first fork warmed up
// to the horizon, and a second fork that does or does not repeat its slow start.
#include "analysis/slow_start.hpp"

#include <gtest/gtest.h>

#include <random>

#include "synthetic_fork.hpp"
#include "support/full_scale.hpp"

using tare::results::Fork;
using tare::results::Sample;
using tare::results::SlowStart;
using tare::analysis::ForkAnalysisInput;

namespace {

constexpr std::uint64_t kOpsPerSample = tare_test::kSyntheticOps;

// 3x slower for the first `slow` samples (1 ms each at full speed).
auto slow_first(std::size_t slow) {
  return [slow](std::size_t i) { return i < slow ? 3000.0 : 1000.0; };
}

}  // namespace

TEST(SlowStart, AStartThreeTimesSlowerIsFoundWithItsLengthAndFactor) {
  // 300 slow samples of 3 ms: 900 ms of the samples' own time, in a 1.5 s horizon.
  const Fork f = tare_test::synthetic_fork(4, 700, 100, slow_first(300), 1, 0.01);
  const SlowStart s = tare::analysis::judge_slow_start(f, tare_test::analysis_input(4), 1.5e9);
  EXPECT_DOUBLE_EQ(s.horizon_ms, 1500);
  EXPECT_NEAR(s.warmup_ms, 900, 20);  // calibration's 20 µs included
  EXPECT_NEAR(s.slower, 3.0, 0.1);
  EXPECT_TRUE(s.near_horizon);  // 900 ms of 1500: the later half
  EXPECT_FALSE(s.confirmed.has_value());
}

TEST(SlowStart, ABurstOfNeighboursLaterInTheProcessNeitherHidesNorLengthensIt) {
  // 3x slower for 200 samples (600 ms), then steady but for a 30% slower stretch later on.
  const Fork f = tare_test::synthetic_fork(4, 900, 100, [](std::size_t i) { return i < 200 ? 3000.0 : (i >= 600 && i < 650) ? 1300.0 : 1000.0; }, 12, 0.01);
  const SlowStart s = tare::analysis::judge_slow_start(f, tare_test::analysis_input(4), 2e9);
  EXPECT_NEAR(s.warmup_ms, 600, 20);
  EXPECT_NEAR(s.slower, 3.0, 0.1);
}

TEST(SlowStart, AStartThatEasesInStepsEndsWhereTheLastSlowStepEnds) {
  // 3x, then 2x, then 1.3x slower, 100 samples each: 300 + 200 + 130 ms.
  const Fork f = tare_test::synthetic_fork(4, 700, 100, [](std::size_t i) { return i < 100 ? 3000.0 : i < 200 ? 2000.0 : i < 300 ? 1300.0 : 1000.0; }, 13, 0.01);
  const SlowStart s = tare::analysis::judge_slow_start(f, tare_test::analysis_input(4), 2e9);
  EXPECT_NEAR(s.warmup_ms, 630, 20);
  EXPECT_NEAR(s.slower, 3.0, 0.1);  // at first
}

TEST(SlowStart, ASteadyForkOrAStepWithinTheBandIsNoSlowStart) {
  const Fork flat = tare_test::synthetic_fork(4, 700, 100, [](std::size_t) { return 1000.0; }, 2, 0.01);
  EXPECT_EQ(tare::analysis::judge_slow_start(flat, tare_test::analysis_input(4), 1e9).warmup_ms, 0);
  // 3% slower at first: the machine's own steps are that large (band 5%).
  const Fork step = tare_test::synthetic_fork(4, 700, 100, [](std::size_t i) { return i < 300 ? 1030.0 : 1000.0; }, 3, 0.01);
  const SlowStart s = tare::analysis::judge_slow_start(step, tare_test::analysis_input(4), 1e9);
  EXPECT_EQ(s.warmup_ms, 0);
  EXPECT_EQ(s.slower, 1);
  // Faster at first, then slower: nothing to wait out.
  const Fork faster = tare_test::synthetic_fork(4, 700, 100, [](std::size_t i) { return i < 300 ? 500.0 : 1000.0; }, 4, 0.01);
  EXPECT_EQ(tare::analysis::judge_slow_start(faster, tare_test::analysis_input(4), 1e9).warmup_ms, 0);
}

TEST(SlowStart, AChangeLateInTheHorizonAsksToLookFurther) {
  ForkAnalysisInput in = tare_test::analysis_input(4);
  // Still warming: no measured samples yet. Slow for 700 of 1000 samples.
  EXPECT_TRUE(tare::analysis::looks_beyond_horizon(tare_test::synthetic_fork(4, 1000, 0, slow_first(700), 5, 0.01), in));
  // Slow for 100 of 1000: plenty of steady time after it.
  EXPECT_FALSE(tare::analysis::looks_beyond_horizon(tare_test::synthetic_fork(4, 1000, 0, slow_first(100), 6, 0.01), in));
  EXPECT_FALSE(tare::analysis::looks_beyond_horizon(tare_test::synthetic_fork(4, 1000, 0, [](std::size_t) { return 1000.0; }, 7, 0.01), in));
  // In sample mode the warmup's batches are judged, not the measured single calls.
  in.mode = tare::Mode::sample;
  EXPECT_TRUE(tare::analysis::looks_beyond_horizon(tare_test::synthetic_fork(4, 1000, 0, slow_first(700), 8, 0.01), in));
}

TEST(SlowStart, TheSecondForkConfirmsASlowStartThatRepeatsAtTheSameAge) {
  SlowStart first;
  first.warmup_ms = 300;  // 100 slow samples of 3 ms
  first.slower = 3;
  // Warmed up 1.25x past it: slow for its first 100 samples as well.
  EXPECT_TRUE(tare::analysis::confirms_slow_start(tare_test::synthetic_fork(4, 160, 50, slow_first(100), 9, 0.01), first, 1));
  // Calibrated while slow: a third of the batch until the speed tripled, then recalibrated.
  // 300 samples of a third of the batch at 3x the time per op: 1 ms each, 300 ms in all.
  Fork recalibrated = tare_test::synthetic_fork(4, 300, 50, slow_first(300), 11, 0.01);
  for (std::size_t i = 4; i < 304; ++i) {
    recalibrated.warmup[i].ops = kOpsPerSample / 3;
    recalibrated.warmup[i].ns /= 3;
  }
  EXPECT_TRUE(tare::analysis::confirms_slow_start(recalibrated, first, 1));
  // A busy machine: after the slow start, most samples waited for the CPU long enough to
  // look as slow as the start; those left alone still show the speed.
  Fork busy = tare_test::synthetic_fork(4, 160, 50, slow_first(100), 14, 0.01);
  for (std::size_t i = 0; i < busy.warmup.size() + busy.samples.size(); ++i) {
    Sample& s = i < busy.warmup.size() ? busy.warmup[i] : busy.samples[i - busy.warmup.size()];
    s.wait_ns = 0;
    if (i >= 104 && i % 3 != 0) {
      s.wait_ns = 2 * s.ns;
      s.ns *= 3;
    }
  }
  EXPECT_TRUE(tare::analysis::confirms_slow_start(busy, first, 1));
  // The first fork took a stretch of neighbours right after the start for part of it: the
  // start looks twice as long (600 ms) as it is; the second process still confirms it.
  SlowStart overlong = first;
  overlong.warmup_ms = 600;
  EXPECT_TRUE(tare::analysis::confirms_slow_start(tare_test::synthetic_fork(4, 400, 50, slow_first(100), 15, 0.01), overlong, 1));
  // Machine noise in the first process: the second runs at one speed.
  EXPECT_FALSE(tare::analysis::confirms_slow_start(tare_test::synthetic_fork(4, 400, 50, [](std::size_t) { return 1000.0; }, 10, 0.01), first, 1));
}

TEST(SlowStart, LaterForksWaitOutOnlyAConfirmedSlowStart) {
  using tare::analysis::later_warmup_ns;
  SlowStart s;
  EXPECT_EQ(later_warmup_ns(std::nullopt, 1), 0);
  EXPECT_EQ(later_warmup_ns(s, 1), 0);  // none found
  s.warmup_ms = 400;
  EXPECT_DOUBLE_EQ(later_warmup_ns(s, 1), 1.25 * 400e6);  // the second fork, to confirm it
  EXPECT_EQ(later_warmup_ns(s, 2), 0);                    // not confirmed
  s.confirmed = false;
  EXPECT_EQ(later_warmup_ns(s, 5), 0);
  s.confirmed = true;
  EXPECT_DOUBLE_EQ(later_warmup_ns(s, 5), 1.25 * 400e6);
}

namespace {

// A fork of a shared machine: 1% noise per sample, a 4% step of the machine's speed at a
// random moment in a third of the forks, and bursts of neighbours (10-30% slower for 10 to
// 50 samples) a few times per second; 3x slower for the first `slow` samples.
Fork noisy_fork(std::size_t samples, std::size_t slow, std::mt19937_64& rng) {
  std::lognormal_distribution<double> noise(0, 0.01);
  std::uniform_real_distribution<double> unit(0, 1);
  const bool stepped = unit(rng) < 1.0 / 3;
  const auto step_at = static_cast<std::size_t>(unit(rng) * static_cast<double>(samples));
  std::vector<double> level(samples, 1000.0);
  for (std::size_t i = 0; i < samples; ++i) {
    if (i < slow) level[i] *= 3;
    if (stepped && i >= step_at) level[i] *= 1.04;
  }
  for (int burst = 0; burst < 3; ++burst) {
    const auto begin = static_cast<std::size_t>(unit(rng) * static_cast<double>(samples));
    const auto length = 10 + static_cast<std::size_t>(unit(rng) * 40);
    const double slower = 1.1 + 0.2 * unit(rng);
    for (std::size_t i = begin; i < std::min(samples, begin + length); ++i) level[i] *= slower;
  }
  Fork f;
  f.ops_per_sample = kOpsPerSample;
  for (std::size_t i = 0; i < samples; ++i) {
    const double per_op = level[i] * noise(rng);
    f.warmup.push_back(Sample{kOpsPerSample, per_op * kOpsPerSample, per_op * kOpsPerSample, {}});
  }
  return f;
}

// How often a slow start is reported (found in the first fork, confirmed by the second).
double reported_rate(std::size_t slow, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int reported = 0;
  for (int run = 0; run < runs; ++run) {
    const Fork first = noisy_fork(1200, slow, rng);
    const SlowStart s = tare::analysis::judge_slow_start(first, tare_test::analysis_input(0), 2e9);
    if (s.warmup_ms <= 0) continue;
    const Fork second = noisy_fork(static_cast<std::size_t>(1.25 * s.warmup_ms) + 100, slow, rng);
    reported += tare::analysis::confirms_slow_start(second, s, 1);
  }
  return static_cast<double>(reported) / runs;
}

constexpr int kRateRuns = 200;

}  // namespace

// The slow-start rule's rates on synthetic shared-machine forks with known truth: on a
// steady benchmark (machine steps and neighbours' bursts included) it reports a slow start
// in at most 5% of runs; on a benchmark 3x slower for its first 300 ms, in at least 90%.
TEST(SlowStart, IsReportedRarelyWhenThereIsNoneAndAlmostAlwaysWhenThereIsOne) {
  TARE_SIMULATION_OF_RATES();
  const double false_alarms = reported_rate(0, kRateRuns, 21);
  const double detected = reported_rate(100, kRateRuns, 22);  // 100 samples of 3 ms
  EXPECT_LE(false_alarms, 0.05);
  EXPECT_GE(detected, 0.90);  // measured: 2.0% and 100% (200 runs each)
}
