#include "stats/robust.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "stats/descriptive.hpp"
#include "synthetic.hpp"

namespace tare::stats {
namespace {

// Population SD (divide by n), which is what Catch2 hands to its outlier_variance.
double population_sd(const std::vector<double>& xs) {
  const double m = mean(xs);
  double sum = 0.0;
  for (double x : xs) sum += (x - m) * (x - m);
  return std::sqrt(sum / static_cast<double>(xs.size()));
}

void expect_counts(const TukeyFences& f, std::size_t ls, std::size_t lm, std::size_t hm,
                   std::size_t hs) {
  EXPECT_EQ(f.low_severe_count, ls);
  EXPECT_EQ(f.low_mild_count, lm);
  EXPECT_EQ(f.high_mild_count, hm);
  EXPECT_EQ(f.high_severe_count, hs);
  EXPECT_EQ(f.total(), ls + lm + hm + hs);
}

// ---- Tukey fences -----------------------------------------------------------------------

TEST(TukeyFences, ExactFencesOnSmallExample) {
  // Sorted 10 14 16 20 24 30: h = 1.25 -> q1 = 14 + 0.25 * 2 = 14.5; h = 3.75 -> q3 = 20 +
  // 0.75 * 4 = 23; iqr = 8.5. Fences 14.5 - 25.5, 14.5 - 12.75, 23 + 12.75, 23 + 25.5.
  const std::vector<double> xs = {10, 20, 14, 16, 30, 24};
  const TukeyFences f = tukey_fences(xs);
  EXPECT_DOUBLE_EQ(f.q1, 14.5);
  EXPECT_DOUBLE_EQ(f.q3, 23.0);
  EXPECT_DOUBLE_EQ(f.iqr, 8.5);
  EXPECT_DOUBLE_EQ(f.low_severe, -11.0);
  EXPECT_DOUBLE_EQ(f.low_mild, 1.75);
  EXPECT_DOUBLE_EQ(f.high_mild, 35.75);
  EXPECT_DOUBLE_EQ(f.high_severe, 48.5);
  expect_counts(f, 0, 0, 0, 0);
}

TEST(TukeyFences, CatchClassificationVectors) {
  // Catch2's classify_outliers cases: one value swapped, the quartiles stay 14.5 and 23.
  expect_counts(tukey_fences(std::vector<double>{-12, 20, 14, 16, 30, 24}), 1, 0, 0, 0);
  expect_counts(tukey_fences(std::vector<double>{1, 20, 14, 16, 30, 24}), 0, 1, 0, 0);
  expect_counts(tukey_fences(std::vector<double>{10, 20, 14, 16, 36, 24}), 0, 0, 1, 0);
  expect_counts(tukey_fences(std::vector<double>{10, 20, 14, 16, 49, 24}), 0, 0, 0, 1);
  expect_counts(tukey_fences(std::vector<double>{-20, 20, 14, 16, 39, 24}), 1, 0, 1, 0);
}

TEST(TukeyFences, ValueOnAFenceIsNotAnOutlier) {
  // q3 stays 20 + 0.75 * 4 = 23 and the mild fence 35.75, exactly the largest value.
  const TukeyFences f = tukey_fences(std::vector<double>{10, 14, 16, 20, 24, 35.75});
  EXPECT_DOUBLE_EQ(f.high_mild, 35.75);
  expect_counts(f, 0, 0, 0, 0);
}

TEST(TukeyFences, FarOutliersAreHighSevereOnly) {
  // 100 N(100, 1) values have q1 ≈ 99.3, q3 ≈ 100.7, mild fences ≈ 100 ± 2.7, so each
  // clean value is itself a mild outlier with probability ≈ 0.7%. Seed 32 draws a sample
  // without any (checked first); the 5 far points must then be the only outliers.
  std::mt19937_64 rng(32);
  auto xs = testing::normal_sample(rng, 100, 100.0, 1.0);
  ASSERT_EQ(tukey_fences(xs).total(), 0u);
  xs.insert(xs.end(), 5, 200.0);
  const TukeyFences f = tukey_fences(xs);
  expect_counts(f, 0, 0, 0, 5);
  EXPECT_NEAR(f.q1, 99.3, 0.5);
  EXPECT_NEAR(f.q3, 100.7, 0.5);
}

TEST(TukeyFences, FarOutliersAreAlwaysHighSevere) {
  // Whatever the clean sample's own tail does, the 5 far points are high severe and
  // nothing else is.
  for (std::uint64_t seed = 100; seed < 140; ++seed) {
    std::mt19937_64 rng(seed);
    auto xs = testing::normal_sample(rng, 100, 100.0, 1.0);
    xs.insert(xs.end(), 5, 200.0);
    const TukeyFences f = tukey_fences(xs);
    EXPECT_EQ(f.high_severe_count, 5u) << "seed " << seed;
    EXPECT_EQ(f.low_severe_count, 0u) << "seed " << seed;
  }
}

TEST(TukeyFences, EmptyIsAllZero) {
  const TukeyFences f = tukey_fences({});
  EXPECT_EQ(f.q1, 0.0);
  EXPECT_EQ(f.q3, 0.0);
  EXPECT_EQ(f.iqr, 0.0);
  EXPECT_EQ(f.high_severe, 0.0);
  EXPECT_EQ(f.total(), 0u);
}

// ---- Outlier variance -------------------------------------------------------------------
// Expected values are worked from the formula in robust.hpp (checked with an independent
// Python evaluation). With mean 100 and n = 100: μ_a = 1, μ_gmin = 0.5, μ_gmin / 4 = 0.125.

TEST(OutlierVariance, TightDataHitsTheOneOverNFloor) {
  // sd = 1: σ_g = σ_b / √n = 0.1, so n σ_g² = σ_b² and varOut(1) / σ_b² = (n - 1) / n².
  // c_max(0) = ⌊99.02⌋, c_max(0.5) = ⌊96.29⌋; varOut(96) = 0.04 * 0.96 is larger.
  EXPECT_NEAR(outlier_variance(100.0, 1.0, 100), 0.0099, 1e-12);
  EXPECT_EQ(outlier_effect(outlier_variance(100.0, 1.0, 100)), OutlierEffect::none);
  EXPECT_NEAR(outlier_variance(100.0, 0.5, 100), 0.0099, 1e-12);
  // The same spread on 50 samples cannot go below 49 / 2500.
  EXPECT_NEAR(outlier_variance(1000.0, 10.0, 50), 0.0196, 1e-12);
}

TEST(OutlierVariance, HandWorkedModerateAndSevere) {
  // sd = 2: σ_g = 0.125, σ_g² = 1/64; c_max(0.5) = ⌊86.82⌋ < c_max(0) = ⌊96.21⌋;
  // varOut(86) = 0.14 * (4 - 14/64) = 0.529375 < varOut(1); / 4 = 0.13234375.
  EXPECT_NEAR(outlier_variance(100.0, 2.0, 100), 0.13234375, 1e-12);
  // sd = 5: c = ⌊50.78⌋; varOut(50) = 0.5 * (25 - 50/64) = 12.109375; / 25.
  EXPECT_NEAR(outlier_variance(100.0, 5.0, 100), 0.484375, 1e-12);
  // sd = 10: c = ⌊20.20⌋; varOut(20) = 0.8 * (100 - 80/64) = 79; / 100.
  EXPECT_NEAR(outlier_variance(100.0, 10.0, 100), 0.79, 1e-12);
  EXPECT_EQ(outlier_effect(outlier_variance(100.0, 2.0, 100)), OutlierEffect::moderate);
  EXPECT_EQ(outlier_effect(outlier_variance(100.0, 5.0, 100)), OutlierEffect::moderate);
  EXPECT_EQ(outlier_effect(outlier_variance(100.0, 10.0, 100)), OutlierEffect::severe);
}

TEST(OutlierVariance, CatchAnalyseVector) {
  // Catch2's "analyse" test: 99 samples cycling 22, 23, 24 give a value in (0, 0.5).
  // Worked: σ_b² = 2/3, μ_a = 23/99, σ_g = μ_gmin / 4; c_max(μ_gmin) = ⌊66.95⌋ -> 0.31942.
  std::vector<double> xs;
  for (int i = 0; i < 99; ++i) xs.push_back(22.0 + i % 3);
  const double ov = outlier_variance(mean(xs), population_sd(xs), xs.size());
  EXPECT_NEAR(ov, 0.3194181397306397, 1e-9);
  EXPECT_GT(ov, 0.0);
  EXPECT_LT(ov, 0.5);
}

TEST(OutlierVariance, NormalSampleIsNoneAndFarOutliersAreSevere) {
  std::mt19937_64 rng(32);
  auto xs = testing::normal_sample(rng, 100, 100.0, 0.5);
  const double clean = outlier_variance(mean(xs), stddev(xs), xs.size());
  EXPECT_LT(clean, 0.01);
  EXPECT_EQ(outlier_effect(clean), OutlierEffect::none);

  xs.insert(xs.end(), 5, 200.0);
  const double dirty = outlier_variance(mean(xs), stddev(xs), xs.size());
  EXPECT_GT(dirty, 0.9);
  EXPECT_EQ(outlier_effect(dirty), OutlierEffect::severe);
}

TEST(OutlierVariance, AFewMilderOutliersAreModerate) {
  // 1% noise plus three samples 10% slow: visible, but not dominant.
  std::mt19937_64 rng(33);
  auto xs = testing::normal_sample(rng, 100, 100.0, 1.0);
  xs.insert(xs.end(), 3, 110.0);
  const double ov = outlier_variance(mean(xs), stddev(xs), xs.size());
  EXPECT_EQ(outlier_effect(ov), OutlierEffect::moderate) << ov;
}

TEST(OutlierVariance, DegenerateInputsAreZero) {
  EXPECT_EQ(outlier_variance(100.0, 0.0, 100), 0.0);
  EXPECT_EQ(outlier_variance(100.0, 1.0, 1), 0.0);
  EXPECT_EQ(outlier_variance(100.0, 1.0, 0), 0.0);
  EXPECT_EQ(outlier_variance(0.0, 1.0, 100), 0.0);
  EXPECT_EQ(outlier_variance(std::nan(""), 1.0, 100), 0.0);
  EXPECT_EQ(outlier_variance(100.0, std::numeric_limits<double>::infinity(), 100), 0.0);
}

TEST(OutlierVariance, StaysInUnitInterval) {
  for (double sd : {1e-9, 0.01, 1.0, 10.0, 100.0, 1e4, 1e9}) {
    for (std::size_t n : {2u, 3u, 10u, 100u, 10000u}) {
      const double ov = outlier_variance(100.0, sd, n);
      EXPECT_GE(ov, 0.0) << sd << " " << n;
      EXPECT_LE(ov, 1.0) << sd << " " << n;
    }
  }
}

TEST(OutlierEffect, Thresholds) {
  EXPECT_EQ(outlier_effect(0.0), OutlierEffect::none);
  EXPECT_EQ(outlier_effect(0.0099), OutlierEffect::none);
  EXPECT_EQ(outlier_effect(0.01), OutlierEffect::slight);
  EXPECT_EQ(outlier_effect(0.0999), OutlierEffect::slight);
  EXPECT_EQ(outlier_effect(0.1), OutlierEffect::moderate);
  EXPECT_EQ(outlier_effect(0.4999), OutlierEffect::moderate);
  EXPECT_EQ(outlier_effect(0.5), OutlierEffect::severe);
  EXPECT_EQ(outlier_effect(1.0), OutlierEffect::severe);
  EXPECT_EQ(outlier_effect(std::nan("")), OutlierEffect::none);
  EXPECT_EQ(std::string(to_string(OutlierEffect::none)), "none");
  EXPECT_EQ(std::string(to_string(OutlierEffect::slight)), "slight");
  EXPECT_EQ(std::string(to_string(OutlierEffect::moderate)), "moderate");
  EXPECT_EQ(std::string(to_string(OutlierEffect::severe)), "severe");
}

// ---- MAD --------------------------------------------------------------------------------

TEST(Mad, KnownVectors) {
  // Median 2; |x - 2| = 1 1 0 0 2 4 7 has median 1.
  EXPECT_DOUBLE_EQ(mad(std::vector<double>{1, 1, 2, 2, 4, 6, 9}), 1.4826);
  // Median 2.5; deviations 1.5 0.5 0.5 1.5 have median 1.
  EXPECT_DOUBLE_EQ(mad(std::vector<double>{4, 1, 3, 2}), 1.4826);
  // One wild value moves the MAD not at all: median 3, deviations 2 1 0 1 997 -> 1.
  EXPECT_DOUBLE_EQ(mad(std::vector<double>{1, 2, 3, 4, 1000}), 1.4826);
  EXPECT_EQ(mad(std::vector<double>{5, 5, 5}), 0.0);
  EXPECT_EQ(mad(std::vector<double>{7}), 0.0);
}

TEST(Mad, EmptyIsNaN) { EXPECT_TRUE(std::isnan(mad({}))); }

TEST(Mad, EstimatesNormalSigma) {
  std::mt19937_64 rng(34);
  for (double sigma : {0.5, 3.0, 40.0}) {
    const auto xs = testing::normal_sample(rng, 100000, 10.0, sigma);
    EXPECT_NEAR(mad(xs) / sigma, 1.0, 0.03) << "sigma = " << sigma;
  }
}

// ---- Sign-test interval of the median ---------------------------------------------------

std::vector<double> one_to(std::size_t n) {
  std::vector<double> xs(n);
  std::iota(xs.begin(), xs.end(), 1.0);
  // Reverse so the function has to sort.
  std::reverse(xs.begin(), xs.end());
  return xs;
}

TEST(MedianSignInterval, SixIsTheSmallestAt95) {
  // P(B < 1) = 1/64 <= 0.025 < P(B < 2) = 7/64: k = 1, coverage 1 - 2/64.
  const MedianInterval ci = median_sign_interval(one_to(6));
  ASSERT_TRUE(ci.available);
  EXPECT_DOUBLE_EQ(ci.median, 3.5);
  EXPECT_EQ(ci.low, 1.0);
  EXPECT_EQ(ci.high, 6.0);
  EXPECT_DOUBLE_EQ(ci.level, 0.95);
  EXPECT_NEAR(ci.achieved_level, 0.96875, 1e-12);
}

TEST(MedianSignInterval, TenAndTwenty) {
  // n = 10: P(B < 2) = 11/1024 <= 0.025 < P(B < 3) = 56/1024: k = 2, [x(2), x(9)].
  const MedianInterval ten = median_sign_interval(one_to(10));
  ASSERT_TRUE(ten.available);
  EXPECT_EQ(ten.low, 2.0);
  EXPECT_EQ(ten.high, 9.0);
  EXPECT_NEAR(ten.achieved_level, 1.0 - 22.0 / 1024.0, 1e-12);  // 0.978515625
  // n = 20: P(B < 6) = (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20 = 21700 / 1048576 =
  // 0.0207 <= 0.025 < P(B < 7) = 60460 / 2^20: k = 6, [x(6), x(15)].
  const MedianInterval twenty = median_sign_interval(one_to(20));
  ASSERT_TRUE(twenty.available);
  EXPECT_EQ(twenty.low, 6.0);
  EXPECT_EQ(twenty.high, 15.0);
  EXPECT_NEAR(twenty.achieved_level, 1.0 - 43400.0 / 1048576.0, 1e-12);  // 0.95861
}

TEST(MedianSignInterval, OtherLevels) {
  // n = 10 at 99%: P(B < 1) = 1/1024 <= 0.005 < 11/1024: k = 1.
  const MedianInterval ci = median_sign_interval(one_to(10), 0.99);
  ASSERT_TRUE(ci.available);
  EXPECT_EQ(ci.low, 1.0);
  EXPECT_EQ(ci.high, 10.0);
  EXPECT_NEAR(ci.achieved_level, 1.0 - 2.0 / 1024.0, 1e-12);
  // Level 0.5 on n = 2 is an exact tie: P(B < 1) = 1/4 = α/2 qualifies.
  const MedianInterval tie = median_sign_interval(std::vector<double>{4, 8}, 0.5);
  ASSERT_TRUE(tie.available);
  EXPECT_EQ(tie.low, 4.0);
  EXPECT_EQ(tie.high, 8.0);
  EXPECT_NEAR(tie.achieved_level, 0.5, 1e-12);
}

TEST(MedianSignInterval, TooFewValuesAreUnavailable) {
  // n = 5: P(B < 1) = 1/32 > 0.025, so no k >= 1 exists.
  const MedianInterval five = median_sign_interval(one_to(5));
  EXPECT_FALSE(five.available);
  EXPECT_DOUBLE_EQ(five.median, 3.0);
  EXPECT_TRUE(std::isnan(five.low));
  EXPECT_TRUE(std::isnan(five.high));
  EXPECT_EQ(five.achieved_level, 0.0);
  EXPECT_FALSE(median_sign_interval({}).available);
  EXPECT_TRUE(std::isnan(median_sign_interval({}).median));
  EXPECT_FALSE(median_sign_interval(one_to(20), 1.0).available);
  EXPECT_FALSE(median_sign_interval(one_to(20), 0.0).available);
  EXPECT_FALSE(median_sign_interval(one_to(20), std::nan("")).available);
}

TEST(MedianSignInterval, AchievedLevelNeverBelowRequested) {
  for (std::size_t n = 6; n <= 300; ++n) {
    const MedianInterval ci = median_sign_interval(one_to(n));
    ASSERT_TRUE(ci.available) << n;
    EXPECT_GE(ci.achieved_level, 0.95) << n;
    EXPECT_LE(ci.low, ci.median) << n;
    EXPECT_GE(ci.high, ci.median) << n;
  }
  // Large n: k ≈ n/2 - 0.98 √n, so about 4,900 for n = 10,000.
  const MedianInterval big = median_sign_interval(one_to(10000));
  ASSERT_TRUE(big.available);
  EXPECT_NEAR(big.low, 4900.0, 3.0);
  EXPECT_EQ(big.high, 10001.0 - big.low);
  EXPECT_GE(big.achieved_level, 0.95);
  EXPECT_LT(big.achieved_level, 0.955);
}

TEST(MedianSignInterval, CoverageOnExponentialData) {
  // n = 15: k = 4 with exact coverage 1 - 2 * 576 / 32768 = 0.96484. The sign test is
  // distribution-free, so skewed data must be covered at that rate too.
  std::mt19937_64 rng(35);
  std::exponential_distribution<double> dist(1.0);
  const double true_median = std::log(2.0);
  const int experiments = 2000;
  int covered = 0;
  for (int e = 0; e < experiments; ++e) {
    std::vector<double> xs(15);
    for (double& x : xs) x = dist(rng);
    const MedianInterval ci = median_sign_interval(xs);
    ASSERT_TRUE(ci.available);
    EXPECT_NEAR(ci.achieved_level, 1.0 - 1152.0 / 32768.0, 1e-12);
    if (ci.low <= true_median && true_median <= ci.high) ++covered;
  }
  const double coverage = static_cast<double>(covered) / experiments;
  EXPECT_GE(coverage, 0.95);
  EXPECT_LE(coverage, 0.99);
}

}  // namespace
}  // namespace tare::stats
