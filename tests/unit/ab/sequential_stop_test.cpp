// Tests of when `tare ab` stops adding pairs (sequential_stop.hpp), on given intervals and
// times: the answer known, the last look, the budget, and going on.
#include "ab/sequential_stop.hpp"

#include <gtest/gtest.h>

namespace tare::ab {
namespace {

const PairDesign kThreeLooks{{3, 4, 6}, 0.99};
const compare::TimeRatio kUnknown{1.0, 0.97, 1.03};  // across 1 and beyond the 1% band on both sides

TEST(SequentialStop, StopsWhenTheIntervalExcludesOne) {
  EXPECT_EQ(sequential_stop({1.05, 1.02, 1.08}, 0.01, kThreeLooks, 0, 1, 60), compare::CompareRow::Stop::answer_known);
}

TEST(SequentialStop, StopsWhenTheIntervalLiesWithinTheThreshold) {
  EXPECT_EQ(sequential_stop({1.0, 0.995, 1.005}, 0.01, kThreeLooks, 0, 1, 60), compare::CompareRow::Stop::answer_known);
}

TEST(SequentialStop, GoesOnWhileTheDirectionIsKnownButNotUsefullyItsSize) {
  const compare::TimeRatio kDirectionOnly{1.33, 1.01, 1.76};  // "slower by 1.0-76%"
  EXPECT_FALSE(sequential_stop(kDirectionOnly, 0.01, kThreeLooks, 0, 1, 60).has_value());
  EXPECT_EQ(sequential_stop(kDirectionOnly, 0.01, kThreeLooks, 0, 30, 35), compare::CompareRow::Stop::budget);
}

TEST(SequentialStop, GoesOnWhileTheAnswerIsOpenAndTheNextLookFits) {
  EXPECT_FALSE(sequential_stop(kUnknown, 0.01, kThreeLooks, 0, 1, 60).has_value());
}

TEST(SequentialStop, StopsAtTheLastLook) {
  EXPECT_EQ(sequential_stop(kUnknown, 0.01, kThreeLooks, 2, 1, 60), compare::CompareRow::Stop::most_pairs);
}

TEST(SequentialStop, StopsWhenTheNextLookWouldOverrunTheBudget) {
  // 3 units took 30 s: 4 would take 40 s, over a budget of 35 s.
  EXPECT_EQ(sequential_stop(kUnknown, 0.01, kThreeLooks, 0, 30, 35), compare::CompareRow::Stop::budget);
}

}  // namespace
}  // namespace tare::ab
