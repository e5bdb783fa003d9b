// How long a process of a multi-threaded Google Benchmark benchmark measures and warms up,
// in a sample's time (the mean over its threads' times): Google Benchmark sums its threads'
// CPU time against min_time, and times real or manual time per thread.
#include "run_length.hpp"

#include <gtest/gtest.h>

namespace tare::gbench {
namespace {

// The default run's process: 100 ms measured after at most 100 ms of warmup; the first
// watched for a slow start for 500 ms.
const ProcessLength kDefault{100, 100, 500};

void expect_length(const ProcessLength& got, double measure_ms, double warmup_max_ms, double horizon_ms) {
  EXPECT_DOUBLE_EQ(got.measure_ms, measure_ms);
  EXPECT_DOUBLE_EQ(got.warmup_max_ms, warmup_max_ms);
  EXPECT_DOUBLE_EQ(got.horizon_ms, horizon_ms);
}

TEST(BenchmarkProcessLength, ThreadsTimedOnCpuShareTheProcesssTime) {
  expect_length(benchmark_process_length(kDefault, 0, 2, 8, true), 50, 50, 250);
  expect_length(benchmark_process_length(kDefault, 0, 8, 8, true), 12.5, 12.5, 62.5);
  expect_length(benchmark_process_length(kDefault, 0, 32, 64, true), 3.125, 5, 15.625);  // a warmup of 5 ms at least
  expect_length(benchmark_process_length(kDefault, 300, 3, 8, true), 100, 100.0 / 3, 500.0 / 3);  // its own MinTime
}

// With more threads than CPUs a thread's time runs on while it waits for one: the CPUs'
// time is what the threads' CPU time adds up to.
TEST(BenchmarkProcessLength, MoreThreadsThanCpusShareItByCpu) {
  expect_length(benchmark_process_length(kDefault, 0, 16, 2, true), 50, 50, 250);
  expect_length(benchmark_process_length(kDefault, 0, 4, 1, true), 0, 0, 0);  // one CPU: the run's own stand
}

TEST(BenchmarkProcessLength, OneThreadOrRealOrManualTimeKeepsTheRunsOwn) {
  expect_length(benchmark_process_length(kDefault, 0, 1, 8, true), 0, 0, 0);
  expect_length(benchmark_process_length(kDefault, 0, 4, 8, false), 0, 0, 0);  // UseRealTime, UseManualTime
  expect_length(benchmark_process_length(kDefault, 700, 1, 8, true), 700, 0, 0);  // MinTime, as before
  expect_length(benchmark_process_length(kDefault, 700, 4, 8, false), 700, 0, 0);
}

TEST(BenchmarkProcessLength, TaresOwnOptionsAreAThreads) {
  // --measure-ms and --warmup-max-ms given (or repetitions' watch): the run's own stand.
  expect_length(benchmark_process_length({0, 0, 0}, 0, 4, 8, true), 0, 0, 0);
}

}  // namespace
}  // namespace tare::gbench
