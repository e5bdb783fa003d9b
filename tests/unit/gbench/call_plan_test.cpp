#include "call_plan.hpp"

#include <gtest/gtest.h>

namespace tare::gbench {
namespace {

TEST(CallPlan, WithNothingMeasuredACallIsItsFirstBatch) {
  EXPECT_EQ(call_iterations({}, 0, 1), 1);
  EXPECT_EQ(call_iterations({4e8, 0}, 0, 10), 10);
}

TEST(CallPlan, ACallServesTheSpanAndAQuarterMoreInWholeBatches) {
  // 100 ms at 100 ns an iteration is 1e6 iterations; a quarter more, in batches of 1000.
  EXPECT_EQ(call_iterations({1e8, 0}, 100, 1000), 1'250'000);
  EXPECT_EQ(call_iterations({1e8, 0}, 100, 999) % 999, 0);
  // Never less than the batch it starts with.
  EXPECT_EQ(call_iterations({1e3, 0}, 100, 5000), 5000);
}

TEST(CallPlan, ThisProcesssMeasureComesBeforeEarlierForks) {
  EXPECT_EQ(call_iterations({1e8, 100}, 0, 1), 1'250'000);  // earlier forks' while nothing is measured
  EXPECT_EQ(call_iterations({1e8, 100}, 1000, 1), 125'000);  // then this process's own
}

TEST(CallPlan, TheSpanIsHalfASecondUnlessSaidAndAtMostTwoSeconds) {
  EXPECT_EQ(call_iterations({0, 0}, 1000, 1), static_cast<std::int64_t>(1.25 * kDefaultCallSpanNs / 1000));
  EXPECT_EQ(call_iterations({60e9, 0}, 1000, 1), static_cast<std::int64_t>(1.25 * kLongestCallSpanNs / 1000));
}

TEST(CallPlan, ALoopThatTakesNoTimeStillGetsABoundedCall) {
  EXPECT_LE(call_iterations({1e9, 0}, 1e-9, 1), std::int64_t{1'000'000'000'000});
}

}  // namespace
}  // namespace tare::gbench
