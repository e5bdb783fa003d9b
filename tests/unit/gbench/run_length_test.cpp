// How long a process of a multi-threaded Google Benchmark benchmark measures, in a sample's
// time (the mean over its threads' times): Google Benchmark sums its threads' CPU time
// against min_time, and times real or manual time per thread.
#include "run_length.hpp"

#include <gtest/gtest.h>

namespace tare::gbench {
namespace {

TEST(ThreadMeasure, ThreadsTimedOnCpuShareTheProcesssMeasuredTime) {
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 2, 8, true), 50);
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 8, 8, true), 12.5);
  EXPECT_DOUBLE_EQ(thread_measure_ms({300, 100}, 3, 8, true), 100);  // a MinTime of its own wins
}

// With more threads than CPUs a thread's time runs on while it waits for one: the CPUs'
// time is what the threads' CPU time adds up to.
TEST(ThreadMeasure, MoreThreadsThanCpusShareItByCpu) {
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 16, 2, true), 50);
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 4, 1, true), 0);  // one CPU: the run's own stands
}

TEST(ThreadMeasure, OneThreadOrRealOrManualTimeKeepsTheRunsOwn) {
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 1, 8, true), 0);      // the run's own stands
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 100}, 4, 8, false), 0);     // UseRealTime, UseManualTime
  EXPECT_DOUBLE_EQ(thread_measure_ms({700, 100}, 1, 8, true), 700);  // MinTime, as before
  EXPECT_DOUBLE_EQ(thread_measure_ms({700, 100}, 4, 8, false), 700);
}

TEST(ThreadMeasure, TaresOwnMeasureMsIsAThreads) {
  EXPECT_DOUBLE_EQ(thread_measure_ms({0, 0}, 4, 8, true), 0);  // --measure-ms given: the run's own stands
}

}  // namespace
}  // namespace tare::gbench
