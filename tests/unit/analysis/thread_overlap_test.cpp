#include "analysis/thread_overlap.hpp"

#include <gtest/gtest.h>

#include <vector>

using tare::analysis::threads_apart;
using tare::analysis::thread_overlap;
using tare::analysis::threads_ran;
using tare::analysis::ThreadsRan;
using tare::results::Fork;
using tare::results::Sample;

namespace {

// A sample of two or more threads: wall time 1 ms, and what the worker recorded.
Sample threaded_sample(double overlap_ns, double cpu_ns, double wait_ns) {
  Sample s;
  s.ops = 2000;
  s.ns = 1e6;
  s.cpu_ns = cpu_ns;
  s.wait_ns = wait_ns;
  s.overlap_ns = overlap_ns;
  return s;
}

const Sample kTogether = threaded_sample(0.98e6, 1.96e6, 0);
// Two threads on one free CPU, batches shorter than a time slice: one ran its whole batch,
// then the other.
const Sample kOneAfterTheOther = threaded_sample(0, 0.99e6, 0);
// Two threads on one free CPU, taking turns by time slices inside the sample.
const Sample kTimeSliced = threaded_sample(0.95e6, 1.0e6, 0.9e6);

}  // namespace

TEST(ThreadOverlap, ThreadsInsideTheirRunsTogetherAndOnCpuRanTogether) {
  EXPECT_EQ(threads_ran(kTogether, 2, true), ThreadsRan::together);
  EXPECT_EQ(threads_ran(kTogether, 2, false), ThreadsRan::together);
}

TEST(ThreadOverlap, RunsThatHardlyOverlapRanApart) {
  EXPECT_EQ(threads_ran(kOneAfterTheOther, 2, true), ThreadsRan::apart);
  // The overlap alone tells it, whatever the sample's time is.
  EXPECT_EQ(threads_ran(kOneAfterTheOther, 2, false), ThreadsRan::apart);
  EXPECT_EQ(threads_ran(threaded_sample(0.49e6, 1.5e6, 0), 2, true), ThreadsRan::apart);
  EXPECT_EQ(threads_ran(threaded_sample(0.51e6, 1.5e6, 0), 2, true), ThreadsRan::together);
}

TEST(ThreadOverlap, TimeSlicedThreadsWaitingForACpuRanApart) {
  EXPECT_EQ(threads_ran(kTimeSliced, 2, true), ThreadsRan::apart);
  // Four threads on two free CPUs: never all four at once.
  EXPECT_EQ(threads_ran(threaded_sample(0.97e6, 2.0e6, 1.9e6), 4, true), ThreadsRan::apart);
  // Where the time is not the threads' span, their CPU time says nothing about it.
  EXPECT_EQ(threads_ran(kTimeSliced, 2, false), ThreadsRan::together);
}

TEST(ThreadOverlap, ThreadsWaitingForEachOtherRanTogether) {
  // Off the CPU as long as time-sliced threads, but blocked (a lock), not runnable.
  EXPECT_EQ(threads_ran(threaded_sample(0.99e6, 1.0e6, 0.02e6), 2, true), ThreadsRan::together);
  // Where the kernel keeps no waits, a shortfall of CPU time cannot be put down to the CPUs.
  EXPECT_EQ(threads_ran(threaded_sample(0.99e6, 1.0e6, -1), 2, true), ThreadsRan::together);
  // CPU time not measured.
  EXPECT_EQ(threads_ran(threaded_sample(0.99e6, 0, 0.9e6), 2, true), ThreadsRan::together);
}

TEST(ThreadOverlap, OneThreadOrNoRecordedOverlapIsUnknown) {
  Sample alone = kOneAfterTheOther;
  EXPECT_EQ(threads_ran(alone, 1, true), ThreadsRan::unknown);
  alone.overlap_ns = -1;  // an older file
  EXPECT_EQ(threads_ran(alone, 2, true), ThreadsRan::unknown);
}

TEST(ThreadOverlap, CountsOverForksAndSaysHowManyThreadsRan) {
  Fork first, second;
  for (int i = 0; i < 7; ++i) first.samples.push_back(kTogether);
  first.samples.push_back(kOneAfterTheOther);
  second.samples = {kTogether, kTimeSliced, Sample{}};  // the last: one thread's, unknown
  const std::vector<const Fork*> forks{&first, &second};
  const auto found = thread_overlap(forks, 2, true);
  EXPECT_EQ(found.judged, 10);
  EXPECT_EQ(found.apart, 2);
  EXPECT_DOUBLE_EQ(found.running_apart, (0.99e6 + 1.0e6) / 2e6);
  const auto apart = threads_apart(found, 2);
  ASSERT_TRUE(apart);
  EXPECT_EQ(apart->samples, 2);
  EXPECT_EQ(apart->of, 10);
  EXPECT_DOUBLE_EQ(apart->running, found.running_apart);
  EXPECT_EQ(apart->threads, 2);
}

TEST(ThreadOverlap, AFewSamplesApartAreNotWorthAWarning) {
  Fork fork;
  for (int i = 0; i < 19; ++i) fork.samples.push_back(kTogether);
  fork.samples.push_back(kOneAfterTheOther);
  const auto found = thread_overlap({&fork}, 2, true);
  EXPECT_EQ(found.judged, 20);
  EXPECT_EQ(found.apart, 1);
  EXPECT_FALSE(threads_apart(found, 2));
  EXPECT_FALSE(threads_apart(thread_overlap({}, 2, true), 2));  // nothing judged
}

TEST(ThreadOverlap, WithoutTheSpanTheFindingLeavesOutHowManyRan) {
  Fork fork;
  fork.samples = {kOneAfterTheOther, kOneAfterTheOther, kTogether};
  const auto found = thread_overlap({&fork}, 2, false);
  EXPECT_EQ(found.apart, 2);
  EXPECT_EQ(found.running_apart, 0);
  const auto apart = threads_apart(found, 2);
  ASSERT_TRUE(apart);
  EXPECT_EQ(apart->samples, 2);
  EXPECT_EQ(apart->running, 0) << "not known: the words leave it out";
}
