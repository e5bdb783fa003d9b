// Samples other work disturbed, judged from the run-queue wait the worker recorded, on
// synthetic forks: a contended CPU's samples are slow by the time they waited, a quiet
// CPU's are not.
#include "runner/disturbance.hpp"

#include <gtest/gtest.h>

#include <random>

using tare::Mode;
using tare::results::Fork;
using tare::results::Sample;
using namespace tare::runner;

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
}

// A CPU shared with one busy process: a third of the samples lose a 4 ms slice. The
// undisturbed mean is the work's own speed; the plain mean is not.
TEST(Disturbance, TheUndisturbedMeanIsTheWorksOwnSpeed) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 0.01);
  std::bernoulli_distribution preempted(1.0 / 3);
  std::vector<Sample> samples;
  for (int i = 0; i < 300; ++i) samples.push_back(sample(1000 * (1 + noise(rng)), preempted(rng) ? 4e6 : 0.0));
  const auto fork = fork_disturbance(samples, Mode::avgt, 1);
  ASSERT_TRUE(fork);
  EXPECT_NEAR(fork->disturbed, 100, 25);
  ASSERT_TRUE(fork->undisturbed_mean);
  EXPECT_NEAR(*fork->undisturbed_mean, 1000, 5);
  // Throughput: ops per second, over the same samples.
  const auto thrpt = fork_disturbance(samples, Mode::thrpt, 1);
  ASSERT_TRUE(thrpt && thrpt->undisturbed_mean);
  EXPECT_NEAR(*thrpt->undisturbed_mean, 1e6, 1e4);
}

TEST(Disturbance, UnknownWaitsLeaveTheForkUnjudged) {
  std::vector<Sample> samples{sample(100, 0), Sample{1000, 1e5, 0, {}}};
  EXPECT_FALSE(fork_disturbance(samples, Mode::avgt, 1));
}

TEST(Disturbance, ABenchmarkHasAnUndisturbedScoreOnlyWhenEveryForkKeptSamples) {
  Fork a, b;
  a.samples.assign(10, sample(100, 0));
  a.disturbed_samples = 2;
  a.undisturbed_mean = 100;
  b.samples.assign(30, sample(100, 0));
  b.disturbed_samples = 6;
  b.undisturbed_mean = 110;
  auto both = benchmark_disturbance({&a, &b});
  ASSERT_TRUE(both);
  EXPECT_DOUBLE_EQ(both->share, 8.0 / 40);
  ASSERT_TRUE(both->undisturbed_score);
  EXPECT_DOUBLE_EQ(*both->undisturbed_score, 105);

  b.disturbed_samples = 30;
  b.undisturbed_mean.reset();
  both = benchmark_disturbance({&a, &b});
  ASSERT_TRUE(both);
  EXPECT_DOUBLE_EQ(both->share, 32.0 / 40);
  EXPECT_FALSE(both->undisturbed_score);

  b.disturbed_samples = -1;  // waits unknown in one fork
  EXPECT_FALSE(benchmark_disturbance({&a, &b}));
}

}  // namespace
