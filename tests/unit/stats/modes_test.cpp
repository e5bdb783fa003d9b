#include "stats/modes.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

TEST(Bimodality, TwoClearModesAreDetected) {
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 10; ++trial) {
    auto xs = testing::normal_sample(rng, 5, 100.0, 1.0);
    const auto high = testing::normal_sample(rng, 5, 110.0, 1.0);
    xs.insert(xs.end(), high.begin(), high.end());
    const Bimodality b = detect_bimodality(xs);
    EXPECT_TRUE(b.detected) << "trial " << trial;
    EXPECT_EQ(b.low_count, 5u);
    EXPECT_EQ(b.high_count, 5u);
    EXPECT_NEAR(b.low_mean, 100.0, 1.5);
    EXPECT_NEAR(b.high_mean, 110.0, 1.5);
    EXPECT_GT(b.threshold, 101.0);
    EXPECT_LT(b.threshold, 109.0);
  }
}

TEST(Bimodality, SplitAndThresholdOnExactValues) {
  const std::vector<double> xs = {10, 10.1, 9.9, 20, 20.1, 19.9, 10};
  const Bimodality b = detect_bimodality(xs);
  EXPECT_TRUE(b.detected);
  EXPECT_EQ(b.low_count, 4u);
  EXPECT_EQ(b.high_count, 3u);
  EXPECT_DOUBLE_EQ(b.low_mean, 10.0);
  EXPECT_DOUBLE_EQ(b.high_mean, 20.0);
  EXPECT_DOUBLE_EQ(b.threshold, (10.1 + 19.9) / 2.0);
}

TEST(Bimodality, UnimodalNormalSamplesAlmostNeverTrigger) {
  std::mt19937_64 rng(22);
  for (std::size_t n : {10u, 20u, 30u}) {
    int detected = 0;
    for (int trial = 0; trial < 1000; ++trial) {
      if (detect_bimodality(testing::normal_sample(rng, n, 100.0, 2.0)).detected) ++detected;
    }
    EXPECT_LE(detected, 10) << "n = " << n;
  }
}

TEST(Bimodality, SmallRelativeGapIsIgnored) {
  // Cleanly separated, but only 1% apart: below the 2% default, above a 0.5% setting.
  const std::vector<double> xs = {100, 100.01, 99.99, 100, 101, 101.01, 100.99, 101};
  EXPECT_FALSE(detect_bimodality(xs).detected);
  EXPECT_TRUE(detect_bimodality(xs, 0.005).detected);
}

TEST(Bimodality, OneOutlierIsNotAMode) {
  const std::vector<double> xs = {100, 100.2, 99.8, 100.1, 99.9, 100, 130};
  EXPECT_FALSE(detect_bimodality(xs).detected);
}

TEST(Bimodality, TooFewOrNonFiniteValues) {
  EXPECT_FALSE(detect_bimodality(std::vector<double>{1, 1, 10}).detected);
  EXPECT_FALSE(detect_bimodality({}).detected);
  EXPECT_EQ(detect_bimodality(std::vector<double>{1, 1, 10}).low_count, 0u);
  const std::vector<double> bad = {1, 1, 10, 10, std::numeric_limits<double>::quiet_NaN()};
  EXPECT_FALSE(detect_bimodality(bad).detected);
}

}  // namespace
}  // namespace tare::stats
