// Samples other work disturbed, judged from the run-queue wait the worker recorded, on
// synthetic forks: a contended CPU's samples are slow by the time they waited, a quiet
// CPU's are not.
#include "analysis/disturbance.hpp"

#include <gtest/gtest.h>

#include <random>

using tare::Mode;
using tare::results::Fork;
using tare::results::Sample;
using namespace tare::analysis;

namespace {

// A sample of 1000 ops at `per_op` ns/op of work, slowed by `waited` ns of waiting.
Sample sample(double per_op, double waited) {
  Sample s{1000, per_op * 1000 + waited, 0, {}};
  s.wait_ns = waited;
  return s;
}

// A sample of `threads` threads over `ns`, each of which waited `each_waited`.
Sample threaded(double ns, int threads, double each_waited) {
  Sample s{1000, ns, 0, {}};
  s.wait_ns = each_waited * threads;
  return s;
}

TEST(Disturbance, ASampleIsDisturbedWhenItWaitedOverOnePercentOfItsTime) {
  EXPECT_EQ(is_disturbed(sample(100, 0), 1), false);
  EXPECT_EQ(is_disturbed(sample(100, 900), 1), false);    // 0.9% of 100.9 µs
  EXPECT_EQ(is_disturbed(sample(100, 1100), 1), true);    // 1.1%
  EXPECT_EQ(is_disturbed(sample(100, 3e6), 1), true);     // a scheduler slice
  // Threads: the wait is summed over them, the time they were to run too.
  EXPECT_EQ(is_disturbed(threaded(1e5, 4, 900), 4), false);
  EXPECT_EQ(is_disturbed(threaded(1e5, 4, 1100), 4), true);
  Sample unknown{1000, 1e5, 0, {}};
  EXPECT_FALSE(is_disturbed(unknown, 1).has_value());
  // The hypervisor took the CPU from a thread that never blocked: it did not wait in this
  // kernel's run queue, but its time ran on without it.
  Sample stolen = sample(100, 0);
  stolen.stolen_ns = 8000;  // 8% of 100 µs
  EXPECT_EQ(is_disturbed(stolen, 1), true);
  stolen.stolen_ns = 500;   // 0.5%
  EXPECT_EQ(is_disturbed(stolen, 1), false);
  unknown.stolen_ns = 8000;  // steal is seen even where waits are not kept
  EXPECT_EQ(is_disturbed(unknown, 1), true);
}

// A CPU shared with one busy process: a third of the samples lose a 4 ms slice. The score
// rests on the others, which are the work's own speed; the mean of all is not.
TEST(Disturbance, TheScoreRestsOnTheUndisturbedSamples) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 0.01);
  std::bernoulli_distribution preempted(1.0 / 3);
  std::vector<Sample> samples;
  for (int i = 0; i < 300; ++i) samples.push_back(sample(1000 * (1 + noise(rng)), preempted(rng) ? 4e6 : 0.0));
  const auto disturbed = count_disturbed(samples, 1);
  ASSERT_TRUE(disturbed);
  EXPECT_NEAR(*disturbed, 100, 25);
  const auto values = scored_values(samples, Mode::avgt, 1);
  EXPECT_EQ(values.size(), samples.size() - static_cast<std::size_t>(*disturbed));
  double sum = 0;
  for (double v : values) sum += v;
  EXPECT_NEAR(sum / static_cast<double>(values.size()), 1000, 5);
  // Throughput: ops per second, over the same samples.
  const auto rates = scored_values(samples, Mode::thrpt, 1);
  sum = 0;
  for (double v : rates) sum += v;
  EXPECT_NEAR(sum / static_cast<double>(rates.size()), 1e6, 1e4);
}

// With fewer than three undisturbed samples, or waits unknown, every sample counts.
TEST(Disturbance, TooFewUndisturbedSamplesOrUnknownWaitsKeepEverySample) {
  std::vector<Sample> mostly{sample(100, 0), sample(100, 0), sample(100, 5e4), sample(100, 5e4)};
  EXPECT_EQ(scored_values(mostly, Mode::avgt, 1).size(), 4u);
  mostly.push_back(sample(100, 0));
  EXPECT_EQ(scored_values(mostly, Mode::avgt, 1).size(), 3u);
  std::vector<Sample> unknown{sample(100, 5e4), sample(100, 0), sample(100, 0), sample(100, 0), Sample{1000, 1e5, 0, {}}};
  EXPECT_FALSE(count_disturbed(unknown, 1));
  EXPECT_EQ(scored_values(unknown, Mode::avgt, 1).size(), 5u);
}

TEST(Disturbance, ABenchmarkSaysTheShareDisturbedAndTheScoreHadTheyCounted) {
  Fork a, b;
  a.samples.assign(10, sample(100, 0));
  a.disturbed_samples = 2;
  a.mean = 100;
  a.all_samples_mean = 120;
  b.samples.assign(30, sample(100, 0));
  b.disturbed_samples = 0;
  b.mean = 110;  // nothing left out: its mean is the mean of all
  auto both = benchmark_disturbance({&a, &b});
  ASSERT_TRUE(both);
  EXPECT_DOUBLE_EQ(both->share, 2.0 / 40);
  EXPECT_DOUBLE_EQ(both->all_samples_score, 115);

  b.disturbed_samples = -1;  // waits unknown in one fork
  EXPECT_FALSE(benchmark_disturbance({&a, &b}));
}

}  // namespace

namespace {

// tare ab's pairs: a side scored on all its samples because too few were left alone puts the
// other side on all of its samples too.
TEST(Disturbance, PairedSidesAreScoredOnTheSameFooting) {
  const std::vector<Sample> clean_base{sample(100, 0), sample(100, 0), sample(100, 0), sample(100, 5e4)};
  const std::vector<Sample> busy_candidate{sample(400, 0), sample(400, 5e5), sample(400, 5e5), sample(400, 5e5)};
  const auto both = paired_scored_values(clean_base, busy_candidate, Mode::avgt, 1);
  EXPECT_EQ(both.first.size(), 4u);
  EXPECT_EQ(both.second.size(), 4u);
  const std::vector<Sample> fine_candidate{sample(400, 0), sample(400, 0), sample(400, 0), sample(400, 5e5)};
  const auto clean = paired_scored_values(clean_base, fine_candidate, Mode::avgt, 1);
  EXPECT_EQ(clean.first.size(), 3u);
  EXPECT_EQ(clean.second.size(), 3u);
}

}  // namespace

TEST(Disturbance, AForkWithFewerThanThreeSamplesLeftAloneIsTooDisturbed) {
  Fork f;
  for (int i = 0; i < 10; ++i) f.samples.push_back(sample(100, 0));
  f.disturbed_samples = 7;  // three left alone: enough
  EXPECT_FALSE(too_disturbed(f));
  f.disturbed_samples = 8;
  EXPECT_TRUE(too_disturbed(f));
  f.disturbed_samples = -1;  // waits unknown: nothing to judge by
  EXPECT_FALSE(too_disturbed(f));
  Fork single_shot;
  single_shot.samples.push_back(sample(100, 5e6));
  single_shot.disturbed_samples = 1;
  EXPECT_TRUE(too_disturbed(single_shot));
  single_shot.disturbed_samples = 0;
  EXPECT_FALSE(too_disturbed(single_shot));
}

TEST(Disturbance, ACpuSharedOftenEnoughIsSeenInTheRecentWarmup) {
  std::vector<Sample> warmup;
  for (int i = 0; i < 20; ++i) warmup.push_back(sample(100, i < 7 ? 2e6 : 0));  // 7 of 20: over a third
  EXPECT_TRUE(mostly_disturbed(warmup, 20, 1));
  warmup.push_back(sample(100, 0));  // the last 20 now hold 6: under a third
  EXPECT_FALSE(mostly_disturbed(warmup, 20, 1));
  EXPECT_FALSE(mostly_disturbed(std::vector<Sample>(5, sample(100, 2e6)), 20, 1));  // too few to tell
  std::vector<Sample> unknown(20, Sample{1000, 1e5, 0, {}});
  EXPECT_FALSE(mostly_disturbed(unknown, 20, 1));
}
