// The two statements of a verdict: the direction and its size when the interval excludes
// 1, and, apart from it, where the interval lies against the threshold.
#include "compare/ratio_verdict.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace tare::compare {
namespace {

constexpr double kThreshold = 0.01;

Verdict judged(double estimate, double low, double high, bool significant = true) {
  return judge({estimate, low, high}, kThreshold, significant);
}

TEST(Verdict, ADirectionIsNamedWheneverTheIntervalExcludesOne) {
  // A true 1% slow-down, known to lie between 0.6% and 1.5%: slower, across the threshold.
  const Verdict known = judged(1.01, 1.006, 1.015);
  EXPECT_EQ(known.direction, Direction::slower);
  EXPECT_EQ(known.against_threshold, AgainstThreshold::undecided);
  EXPECT_EQ(judged(1.03, 1.02, 1.04).against_threshold, AgainstThreshold::beyond);
  EXPECT_EQ(judged(1.004, 1.002, 1.006).against_threshold, AgainstThreshold::within);  // slower, but by less than 1%
  EXPECT_EQ(judged(0.97, 0.96, 0.98).direction, Direction::faster);
  EXPECT_EQ(judged(0.97, 0.96, 0.98).against_threshold, AgainstThreshold::beyond);
  EXPECT_EQ(judged(0.995, 0.992, 0.998).against_threshold, AgainstThreshold::within);
  EXPECT_TRUE(std::isnan(known.detectable));
}

TEST(Verdict, AnIntervalHoldingOneFindsNoDifferenceAndSaysWhatItCouldHaveFound) {
  const Verdict narrow = judged(1.001, 0.996, 1.006);
  EXPECT_EQ(narrow.direction, Direction::none);
  EXPECT_EQ(narrow.against_threshold, AgainstThreshold::within);  // no difference beyond ±1%
  const Verdict wide = judged(1.0, 0.98, 1.0204);
  EXPECT_EQ(wide.against_threshold, AgainstThreshold::undecided);
  // Half-width 2% on the log scale; 80% power needs (1.96 + 0.84) / 1.96 of it: 2.86%.
  EXPECT_NEAR(wide.detectable, std::exp(2.8016 / 1.96 * std::log(1.0204 / 0.98) / 2) - 1, 1e-4);
  EXPECT_NEAR(wide.detectable, 0.0290, 0.0005);
}

TEST(Verdict, WithoutTheSuitesErrorControlNoDirectionIsNamed) {
  EXPECT_EQ(judged(1.03, 1.02, 1.04, false).direction, Direction::none);
  EXPECT_FALSE(judged(1.03, 1.02, 1.04, false).fails_gate);
}

TEST(Verdict, TheGateFailsOnAKnownSlowDownWhoseEstimateExceedsTheThreshold) {
  EXPECT_TRUE(judged(1.03, 1.02, 1.04).fails_gate);
  EXPECT_TRUE(judged(1.012, 1.002, 1.022).fails_gate);   // across the threshold, estimate beyond it
  EXPECT_FALSE(judged(1.008, 1.002, 1.014).fails_gate);  // known slower, most likely by less than 1%
  EXPECT_FALSE(judged(1.02, 0.99, 1.05).fails_gate);     // no direction known
  EXPECT_FALSE(judged(0.9, 0.85, 0.95).fails_gate);
}

TEST(Verdict, TheAnswerIsKnownOnceTheIntervalClearsOneWithAUsefulSizeOrFitsTheBand) {
  EXPECT_TRUE(answer_known({1.01, 1.001, 1.02}, kThreshold));
  EXPECT_TRUE(answer_known({1.06, 1.01, 1.11}, kThreshold));   // ±4.8%
  EXPECT_FALSE(answer_known({1.33, 1.01, 1.76}, kThreshold));  // slower, but by 1-76%: ±32%
  EXPECT_FALSE(answer_known({0.8, 0.7, 0.95}, kThreshold));    // faster by 5-30%: ±16.5%
  // A large change is known to a quarter of itself: 409-490% slower is ±7.7%, and useful.
  EXPECT_TRUE(answer_known({5.48, 5.09, 5.90}, kThreshold));
  EXPECT_FALSE(answer_known({1.5, 1.2, 1.875}, kThreshold));  // ±25% of a 50% change: too loose
  EXPECT_TRUE(answer_known({0.99, 0.98, 0.999}, kThreshold));
  EXPECT_TRUE(answer_known({1.0, 0.995, 1.005}, kThreshold));
  EXPECT_FALSE(answer_known({1.0, 0.985, 1.015}, kThreshold));
  EXPECT_FALSE(answer_known({1.01, 0.999, 1.021}, kThreshold));
}

TEST(Verdict, TheRelativeHalfWidthIsTakenOnTheLogScale) {
  EXPECT_NEAR(relative_half_width({1.0, 1.0, 1.0}), 0.0, 1e-15);
  EXPECT_NEAR(relative_half_width({1.05, 1.0, 1.1025}), 0.05, 1e-12);
  EXPECT_NEAR(relative_half_width({1.33, 1.01, 1.76}), std::sqrt(1.76 / 1.01) - 1, 1e-15);
  EXPECT_TRUE(std::isinf(relative_half_width({1.0, 0.0, 2.0})));
  EXPECT_TRUE(std::isinf(relative_half_width({1.0, 0.5, INFINITY})));
}

}  // namespace
}  // namespace tare::compare
