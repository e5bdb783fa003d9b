#include "stats/trend.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

// x_j = 1 + 2 e^{-j/20} + N(0, 0.005), j = 0..n-1: a JIT-like warmup.
std::vector<double> trend_warmup_series(std::mt19937_64& rng, std::size_t n) {
  auto xs = testing::normal_sample(rng, n, 0.0, 0.005);
  for (std::size_t j = 0; j < n; ++j) xs[j] += 1.0 + 2.0 * std::exp(-static_cast<double>(j) / 20.0);
  return xs;
}

TEST(Trend, ExactLine) {
  std::vector<double> xs;
  for (int j = 0; j <= 10; ++j) xs.push_back(2.0 + 0.1 * j);
  const TrendTest t = trend_test(xs);
  EXPECT_NEAR(t.slope, 0.1, 1e-12);
  EXPECT_NEAR(t.drift, 0.1 * 10 / 2.5, 1e-12);  // mean 2.5
  EXPECT_EQ(t.t_statistic, std::numeric_limits<double>::infinity());
  EXPECT_FALSE(t.steady);
}

TEST(Trend, ConstantIsSteady) {
  const TrendTest t = trend_test(std::vector<double>(20, 3.0));
  EXPECT_EQ(t.slope, 0.0);
  EXPECT_EQ(t.drift, 0.0);
  EXPECT_EQ(t.t_statistic, 0.0);
  EXPECT_TRUE(t.steady);
}

TEST(Trend, ConstantPlusNoiseIsAlmostAlwaysSteady) {
  std::mt19937_64 rng(11);
  int steady = 0;
  for (int trial = 0; trial < 200; ++trial) {
    if (trend_test(testing::normal_sample(rng, 50, 1.0, 0.01)).steady) ++steady;
  }
  EXPECT_GE(steady, 190);
}

TEST(Trend, WarmupIsNotSteady) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 20; ++trial) {
    const auto xs = trend_warmup_series(rng, 40);
    const TrendTest t = trend_test(xs);
    EXPECT_FALSE(t.steady) << "trial " << trial;
    EXPECT_LT(t.slope, 0.0);
    EXPECT_LT(t.drift, -0.01);
  }
}

TEST(Trend, TailOfWarmupIsSteady) {
  // By j = 150 the remaining decay across 50 samples is ~0.1%, under the 1% tolerance.
  std::mt19937_64 rng(13);
  int steady = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const auto xs = trend_warmup_series(rng, 200);
    if (trend_test(std::span<const double>(xs).subspan(150)).steady) ++steady;
  }
  EXPECT_GE(steady, 95);
}

TEST(Trend, StepInTheMiddleIsNotSteady) {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 20; ++trial) {
    auto xs = testing::normal_sample(rng, 40, 1.0, 0.005);
    for (std::size_t j = 20; j < xs.size(); ++j) xs[j] *= 1.05;
    EXPECT_FALSE(trend_test(xs).steady) << "trial " << trial;
  }
}

TEST(Trend, LateStepIsNotSteady) {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 20; ++trial) {
    auto xs = testing::normal_sample(rng, 40, 1.0, 0.005);
    for (std::size_t j = 30; j < xs.size(); ++j) xs[j] += 0.03;
    EXPECT_FALSE(trend_test(xs).steady) << "trial " << trial;
  }
}

TEST(Trend, StepThatTheLineMissesIsCaughtByTheHalves) {
  // An early spike, then a +2% step: the fitted line drifts by just under 1% and its slope
  // is not significant, but the halves differ by 1.25% and Welch says that is real.
  std::vector<double> xs(5, 1.03);
  xs.insert(xs.end(), 15, 1.0);
  xs.insert(xs.end(), 20, 1.02);
  const TrendTest t = trend_test(xs);
  EXPECT_LT(std::abs(t.drift), 0.01);
  EXPECT_LT(std::abs(t.t_statistic), 2.0);
  EXPECT_FALSE(t.steady);
}

TEST(Trend, RealDriftBelowToleranceIsSteady) {
  // 0.2% drift across the window, highly significant but immaterial.
  std::mt19937_64 rng(16);
  auto xs = testing::normal_sample(rng, 50, 1.0, 1e-5);
  for (std::size_t j = 0; j < xs.size(); ++j) xs[j] += 0.002 * static_cast<double>(j) / 49.0;
  const TrendTest t = trend_test(xs);
  EXPECT_GT(t.t_statistic, 10.0);
  EXPECT_NEAR(t.drift, 0.002, 2e-4);
  EXPECT_TRUE(t.steady);
}

TEST(Trend, LargeButInsignificantDriftIsSteady) {
  // 2% drift buried in 20% noise is no evidence of anything.
  std::mt19937_64 rng(17);
  int steady = 0;
  for (int trial = 0; trial < 100; ++trial) {
    auto xs = testing::normal_sample(rng, 20, 1.0, 0.2);
    for (std::size_t j = 0; j < xs.size(); ++j) xs[j] += 0.02 * static_cast<double>(j) / 19.0;
    if (trend_test(xs).steady) ++steady;
  }
  EXPECT_GE(steady, 90);
}

TEST(Trend, ToleranceIsRespected) {
  std::vector<double> xs;
  for (int j = 0; j < 20; ++j) xs.push_back(1.0 + 0.001 * j + ((j % 2) != 0 ? 1e-4 : -1e-4));
  // Drift ~1.9%: not steady at 1%, steady at 5%.
  EXPECT_FALSE(trend_test(xs, 0.01).steady);
  EXPECT_TRUE(trend_test(xs, 0.05).steady);
}

TEST(Trend, TooShortOrNonFiniteIsNotSteady) {
  EXPECT_FALSE(trend_test(std::vector<double>(5, 1.0)).steady);
  EXPECT_FALSE(trend_test({}).steady);
  EXPECT_TRUE(trend_test(std::vector<double>(6, 1.0)).steady);
  std::vector<double> xs(10, 1.0);
  xs[3] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(trend_test(xs).steady);
  xs[3] = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(trend_test(xs).steady);
}

}  // namespace
}  // namespace tare::stats
