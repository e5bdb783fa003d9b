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

TEST(CallCounters, ARateIsItsAmountPerIterationOverAllCalls) {
  // SetItemsProcessed(iterations * 3) in calls of 100 and 300 iterations.
  const auto out = counters_over_calls({{report(100, {{"items", Counter(300, Counter::kIsRate)}}),
                                         report(300, {{"items", Counter(900, Counter::kIsRate)}})}});
  EXPECT_DOUBLE_EQ(out.at("items").value, 3.0);
  EXPECT_EQ(out.at("items").flags, Counter::kIsRate);
}

TEST(CallCounters, APlainCounterIsTheCallsMeanWeighedByIterations) {
  const auto out = counters_over_calls({{report(100, {{"size", Counter(10)}}), report(300, {{"size", Counter(20)}})}});
  EXPECT_DOUBLE_EQ(out.at("size").value, (10 * 100 + 20 * 300) / 400.0);
}

TEST(CallCounters, EachCallIsFinishedWithItsOwnIterations) {
  // kAvgIterations: the value over the call's iterations; kIsIterationInvariant: times them.
  const auto out = counters_over_calls({{report(10, {{"avg", Counter(50, Counter::kAvgIterations)},
                                                     {"inv", Counter(2, Counter::kIsIterationInvariant)}}),
                                         report(40, {{"avg", Counter(400, Counter::kAvgIterations)},
                                                     {"inv", Counter(2, Counter::kIsIterationInvariant)}})}});
  EXPECT_DOUBLE_EQ(out.at("avg").value, (5.0 * 10 + 10.0 * 40) / 50);
  EXPECT_DOUBLE_EQ(out.at("inv").value, (20.0 * 10 + 80.0 * 40) / 50);
}

TEST(CallCounters, ThreadsAreSummedThenAveragedWhereAsked) {
  // Two threads' first calls side by side: summed, kAvgThreads halves the sum.
  const auto out = counters_over_calls({{report(10, {{"sum", Counter(4)}, {"avg", Counter(4, Counter::kAvgThreads)}})},
                                        {report(10, {{"sum", Counter(6)}, {"avg", Counter(6, Counter::kAvgThreads)}})}});
  EXPECT_DOUBLE_EQ(out.at("sum").value, 10);
  EXPECT_DOUBLE_EQ(out.at("avg").value, 5);
}

TEST(CallCounters, InversionIsLeftToTheParent) {
  const auto out = counters_over_calls({{report(10, {{"x", Counter(4, Counter::kInvert)}})}});
  EXPECT_DOUBLE_EQ(out.at("x").value, 4);
  EXPECT_EQ(out.at("x").flags, static_cast<int>(Counter::kInvert));
}

TEST(CallCounters, NoCallsNoCounters) {
  EXPECT_TRUE(counters_over_calls({}).empty());
  EXPECT_TRUE(counters_over_calls({{}, {}}).empty());
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
