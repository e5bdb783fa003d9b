#include "call_counters.hpp"

#include <gtest/gtest.h>

namespace tare::gbench {
namespace {

using benchmark::Counter;

CallReport report(benchmark::IterationCount iterations, std::initializer_list<std::pair<const char*, Counter>> counters) {
  CallReport r;
  r.iterations = iterations;
  for (const auto& [name, c] : counters) r.counters[name] = c;
  return r;
}

// The calls' mean value beside their mean iterations: a counter that follows the
// iterations keeps its ratio to them (2 × iterations() is twice the run's iterations), and
// a constant stays what it was; the flags travel for the parent to finish with.
TEST(CallCounters, TheCallsMeanValuesBesideTheirMeanIterations) {
  const std::vector<std::vector<CallReport>> calls{
      {report(100, {{"twice", Counter(200)}, {"items", Counter(300, Counter::kIsRate)}, {"one", Counter(1)}}),
       report(300, {{"twice", Counter(600)}, {"items", Counter(900, Counter::kIsRate)}, {"one", Counter(1)}})}};
  const auto out = counters_over_calls(calls);
  const double iterations = run_iterations(calls);
  EXPECT_DOUBLE_EQ(iterations, 200);
  EXPECT_DOUBLE_EQ(out.at("twice").value, 2 * iterations);
  EXPECT_DOUBLE_EQ(out.at("items").value, 3 * iterations);
  EXPECT_EQ(out.at("items").flags, Counter::kIsRate);
  EXPECT_DOUBLE_EQ(out.at("one").value, 1);
}

// Many calls of uneven length, as a run of a cheap benchmark has: a counter of 3 ×
// iterations() over the mean iterations is exactly 3 (a per-iteration counter, kAvgIterations,
// reads as the code wrote it), not 3 within rounding of each call's share.
TEST(CallCounters, AMeanOfIterationCountsIsExactSoPerIterationCountersAreToo) {
  std::vector<CallReport> thread;
  for (benchmark::IterationCount k = 0; k < 97; ++k) {
    const benchmark::IterationCount iterations = 274877 + 7919 * k % 1009;
    thread.push_back(report(iterations, {{"per_iteration", Counter(3.0 * static_cast<double>(iterations))}}));
  }
  const std::vector<std::vector<CallReport>> calls{thread};
  EXPECT_EQ(counters_over_calls(calls).at("per_iteration").value / run_iterations(calls), 3.0);
}

TEST(CallCounters, ThreadsAreSummedAsGoogleBenchmarkSumsARunsAndTheirIterationsToo) {
  const std::vector<std::vector<CallReport>> calls{
      {report(10, {{"sum", Counter(4, Counter::kAvgThreads)}})},
      {report(10, {{"sum", Counter(6, Counter::kAvgThreads)}})}};
  const auto out = counters_over_calls(calls);
  EXPECT_DOUBLE_EQ(out.at("sum").value, 10);  // kAvgThreads is the parent's to apply
  EXPECT_EQ(out.at("sum").flags, static_cast<int>(Counter::kAvgThreads));
  EXPECT_DOUBLE_EQ(run_iterations(calls), 20);
}

TEST(CallCounters, OnlyTheCallsEveryThreadHasCount) {
  const std::vector<std::vector<CallReport>> calls{{report(10, {{"x", Counter(1)}}), report(10, {{"x", Counter(3)}})},
                                                   {report(10, {{"x", Counter(1)}})}};
  EXPECT_DOUBLE_EQ(counters_over_calls(calls).at("x").value, 2);  // the first call, both threads
  EXPECT_DOUBLE_EQ(run_iterations(calls), 20);
}

TEST(CallCounters, NoCallsNoCounters) {
  EXPECT_TRUE(counters_over_calls({}).empty());
  EXPECT_TRUE(counters_over_calls({{}, {}}).empty());
  EXPECT_EQ(run_iterations({}), 0);
}

TEST(CallCounters, ManualTimeIsPerIterationOfAllThreads) {
  CallReport a = report(10, {}), b = report(10, {});
  a.manual_ns = 100;
  b.manual_ns = 300;
  // The threads' mean (200 ns) over both threads' iterations (20).
  EXPECT_DOUBLE_EQ(manual_ns_per_iteration({{a}, {b}}), 10);
}

}  // namespace
}  // namespace tare::gbench
