#include "stats/interval.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"
#include "synthetic.hpp"

namespace tare::stats {
namespace {

TEST(StudentT, MatchesPublishedQuantiles) {
  // R: qt(.975, 4), qt(.975, 9), qt(.995, 30), qt(.95, 1).
  EXPECT_NEAR(student_t_quantile(0.975, 4), 2.776445, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.975, 9), 2.262157, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.995, 30), 2.749996, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.95, 1), 6.313752, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.025, 4), -2.776445, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.5, 3), 0.0, 1e-12);
  // Fractional df (Welch) and the normal limit.
  EXPECT_LT(student_t_quantile(0.975, 4.5), student_t_quantile(0.975, 4));
  EXPECT_GT(student_t_quantile(0.975, 4.5), student_t_quantile(0.975, 5));
  EXPECT_NEAR(student_t_quantile(0.975, 1e9), 1.959964, 1e-6);
}

TEST(StudentT, BadArgumentsGiveNaNNotExceptions) {
  EXPECT_TRUE(std::isnan(student_t_quantile(1.5, 4)));
  EXPECT_TRUE(std::isnan(student_t_quantile(-0.1, 4)));
  EXPECT_TRUE(std::isnan(student_t_quantile(0.975, 0)));
  EXPECT_TRUE(std::isnan(student_t_quantile(0.975, -1)));
  EXPECT_TRUE(std::isnan(student_t_quantile(std::numeric_limits<double>::quiet_NaN(), 4)));
  EXPECT_EQ(student_t_quantile(1.0, 4), kInf);
  EXPECT_EQ(student_t_quantile(0.0, 4), -kInf);
}

TEST(NormalQuantile, MatchesPublishedQuantilesAndTheTLimit) {
  // R: qnorm(.975), qnorm(.995), qnorm(.025).
  EXPECT_NEAR(normal_quantile(0.975), 1.959964, 1e-6);
  EXPECT_NEAR(normal_quantile(0.995), 2.575829, 1e-6);
  EXPECT_NEAR(normal_quantile(0.025), -1.959964, 1e-6);
  EXPECT_NEAR(normal_quantile(0.975), student_t_quantile(0.975, 1e9), 1e-6);
  EXPECT_TRUE(std::isnan(normal_quantile(1.5)));
  EXPECT_EQ(normal_quantile(1.0), kInf);
}

TEST(MeanInterval, HandComputed) {
  // mean 3, s = sqrt(2.5), half-width = t(.975, 4) * s / sqrt(5).
  const std::vector<double> xs = {1, 2, 3, 4, 5};
  const MeanInterval ci = mean_interval(xs);
  const double hw = 2.7764451051977987 * std::sqrt(2.5) / std::sqrt(5.0);
  EXPECT_EQ(ci.n, 5u);
  EXPECT_EQ(ci.level, 0.95);
  EXPECT_DOUBLE_EQ(ci.mean, 3.0);
  EXPECT_NEAR(ci.half_width, hw, 1e-12);
  EXPECT_NEAR(ci.low, 3.0 - hw, 1e-12);
  EXPECT_NEAR(ci.high, 3.0 + hw, 1e-12);
  EXPECT_NEAR(relative_half_width(ci), hw / 3.0, 1e-12);
}

TEST(MeanInterval, HigherLevelIsWider) {
  const std::vector<double> xs = {10, 12, 11, 13, 9, 10};
  EXPECT_GT(mean_interval(xs, 0.99).half_width, mean_interval(xs, 0.95).half_width);
  EXPECT_EQ(mean_interval(xs, 0.99).level, 0.99);
}

TEST(MeanInterval, FewerThanTwoValuesHasInfiniteHalfWidth) {
  const MeanInterval one = mean_interval(std::vector<double>{7});
  EXPECT_EQ(one.n, 1u);
  EXPECT_EQ(one.mean, 7.0);
  EXPECT_EQ(one.low, 7.0);
  EXPECT_EQ(one.high, 7.0);
  EXPECT_EQ(one.half_width, kInf);
  EXPECT_EQ(relative_half_width(one), kInf);

  const MeanInterval none = mean_interval({});
  EXPECT_EQ(none.n, 0u);
  EXPECT_TRUE(std::isnan(none.mean));
  EXPECT_EQ(none.half_width, kInf);
}

TEST(MeanInterval, RelativeHalfWidthOfZeroMeanIsInfinite) {
  EXPECT_EQ(relative_half_width(mean_interval(std::vector<double>{-1, 1})), kInf);
}

TEST(MeanInterval, CoverageOfTenForkMeans) {
  // 2,000 experiments of 10 fork means: the 95% interval must contain the truth about
  // 95% of the time (binomial SD 0.5%, so [0.93, 0.97] is a +-4 SD band).
  std::mt19937_64 rng(20240601);
  constexpr double kTruth = 100.0;
  int covered = 0;
  constexpr int kExperiments = 2000;
  for (int e = 0; e < kExperiments; ++e) {
    const auto xs = testing::normal_sample(rng, 10, kTruth, 5.0);
    const MeanInterval ci = mean_interval(xs);
    if (ci.low <= kTruth && kTruth <= ci.high) ++covered;
  }
  const double coverage = covered / static_cast<double>(kExperiments);
  EXPECT_GE(coverage, 0.93);
  EXPECT_LE(coverage, 0.97);
}

}  // namespace
}  // namespace tare::stats
