#include "stats/independence.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"
#include "synthetic.hpp"

namespace tare::stats {
namespace {

// ---- autocorrelation ------------------------------------------------------------------

TEST(Autocorrelation, MatchesHandComputedValues) {
  // 1..5: deviations -2..2, sum of squares 10. rho_1 = (2 + 0 + 0 + 2) / 10,
  // rho_2 = (0 - 1 + 0) / 10, rho_3 = (-2 - 2) / 10, rho_4 = -4 / 10 (R: acf(1:5)).
  const std::vector<double> xs = {1, 2, 3, 4, 5};
  const auto rho = autocorrelation(xs, 10);
  ASSERT_EQ(rho.size(), 4u);  // lags >= n are not returned
  EXPECT_NEAR(rho[0], 0.4, 1e-15);
  EXPECT_NEAR(rho[1], -0.1, 1e-15);
  EXPECT_NEAR(rho[2], -0.4, 1e-15);
  EXPECT_NEAR(rho[3], -0.4, 1e-15);

  // Alternating signs: mean 0, sum of squares 4; products -1 at odd lags, +1 at even.
  const auto alt = autocorrelation(std::vector<double>{1, -1, 1, -1}, 2);
  ASSERT_EQ(alt.size(), 2u);
  EXPECT_DOUBLE_EQ(alt[0], -0.75);
  EXPECT_DOUBLE_EQ(alt[1], 0.5);
}

TEST(Autocorrelation, IgnoresALargeCommonOffset) {
  const std::vector<double> xs = {1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4, 1e9 + 5};
  const auto rho = autocorrelation(xs, 4);
  ASSERT_EQ(rho.size(), 4u);
  EXPECT_NEAR(rho[0], 0.4, 1e-9);
  EXPECT_NEAR(rho[1], -0.1, 1e-9);
  EXPECT_NEAR(rho[2], -0.4, 1e-9);
  EXPECT_NEAR(rho[3], -0.4, 1e-9);
}

TEST(Autocorrelation, ConstantAndShortInputs) {
  // 0.1 * 7 / 7 is not exactly 0.1: without the constant check this would be (n - h) / n.
  const auto constant = autocorrelation(std::vector<double>(7, 0.1), 3);
  EXPECT_EQ(constant, std::vector<double>(3, 0.0));
  EXPECT_TRUE(autocorrelation(std::vector<double>{}, 3).empty());
  EXPECT_TRUE(autocorrelation(std::vector<double>{4.0}, 3).empty());
  EXPECT_TRUE(autocorrelation(std::vector<double>{1, 2, 3}, 0).empty());
  const auto with_nan =
      autocorrelation(std::vector<double>{1, std::numeric_limits<double>::quiet_NaN(), 1}, 2);
  ASSERT_EQ(with_nan.size(), 2u);
  EXPECT_TRUE(std::isnan(with_nan[0]) && std::isnan(with_nan[1]));
}

// ---- Ljung-Box ------------------------------------------------------------------------

TEST(LjungBox, StatisticAndPValueFollowTheDefinition) {
  std::mt19937_64 rng(11);
  const auto xs = testing::ar1_series(rng, 40, 0.0, 0.3, 1.0);
  const auto rho = autocorrelation(xs, 2);
  const double n = 40.0;
  const double q = n * (n + 2.0) * (rho[0] * rho[0] / (n - 1.0) + rho[1] * rho[1] / (n - 2.0));
  const IndependenceTest t = ljung_box(xs, 2);
  EXPECT_EQ(t.lags, 2u);
  EXPECT_DOUBLE_EQ(t.lag1, rho[0]);
  EXPECT_NEAR(t.q, q, 1e-12 * q);
  // chi^2 with 2 degrees of freedom has the upper tail exp(-x / 2).
  EXPECT_NEAR(t.p_value, std::exp(-q / 2.0), 1e-12);
  EXPECT_EQ(t.dependent, t.p_value < 0.01);
}

TEST(LjungBox, DefaultLagsAndTooLittleData) {
  const std::vector<double> ramp = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const IndependenceTest short_series = ljung_box(ramp);
  EXPECT_EQ(short_series.lags, 0u);
  EXPECT_EQ(short_series.p_value, 1.0);
  EXPECT_FALSE(short_series.dependent);

  std::mt19937_64 rng(12);
  EXPECT_EQ(ljung_box(testing::normal_sample(rng, 10, 0, 1)).lags, 2u);      // ln 10 = 2.3
  EXPECT_EQ(ljung_box(testing::normal_sample(rng, 100, 0, 1)).lags, 4u);     // ln 100 = 4.6
  EXPECT_EQ(ljung_box(testing::normal_sample(rng, 200, 0, 1)).lags, 5u);     // ln 200 = 5.3
  EXPECT_EQ(ljung_box(testing::normal_sample(rng, 30000, 0, 1)).lags, 10u);  // capped
  EXPECT_EQ(ljung_box(testing::normal_sample(rng, 12, 0, 1), 50).lags, 11u);  // n - 1
}

TEST(LjungBox, ConstantAndNonFiniteInputs) {
  const IndependenceTest constant = ljung_box(std::vector<double>(50, 3.3));
  EXPECT_EQ(constant.q, 0.0);
  EXPECT_EQ(constant.p_value, 1.0);
  EXPECT_FALSE(constant.dependent);

  std::vector<double> xs(50, 1.0);
  xs[7] = std::numeric_limits<double>::quiet_NaN();
  const IndependenceTest bad = ljung_box(xs);
  EXPECT_TRUE(std::isnan(bad.q));
  EXPECT_TRUE(std::isnan(bad.p_value));
  EXPECT_FALSE(bad.dependent);
}

double flag_rate(std::uint64_t seed, std::size_t n, double phi, int trials,
                 std::size_t lags = 0) {
  std::mt19937_64 rng(seed);
  int flagged = 0;
  for (int i = 0; i < trials; ++i) {
    if (ljung_box(testing::ar1_series(rng, n, 100.0, phi, 1.0), lags).dependent) ++flagged;
  }
  return flagged / static_cast<double>(trials);
}

TEST(LjungBox, FlagsAr1AtTwoHundredSamples) {
  // True rate 99.99% (20,000 series).
  const double rate = flag_rate(101, 200, 0.5, 1000);
  std::cout << "[ observed ] AR(1) phi 0.5, n 200: flagged " << rate << '\n';
  EXPECT_GE(rate, 0.95);
}

TEST(LjungBox, FlagsAr1AtOneHundredSamples) {
  // With the default 4 lags the true rate is only 95.2% (20,000 series): rho_1 ~ 0.47 has
  // an SD of 0.09 at n = 100, and three lags that carry little signal dilute it. Over
  // 2,000 series the observed rate has an SD of 0.48%, so the floor sits 4.5 SD below.
  // One lag concentrates the test on where AR(1) dependence is strongest: 98.9%.
  const double rate = flag_rate(102, 100, 0.5, 2000);
  std::cout << "[ observed ] AR(1) phi 0.5, n 100, default lags: flagged " << rate << '\n';
  EXPECT_GE(rate, 0.93);
  const double one_lag = flag_rate(104, 100, 0.5, 2000, 1);
  std::cout << "[ observed ] AR(1) phi 0.5, n 100, 1 lag: flagged " << one_lag << '\n';
  EXPECT_GE(one_lag, 0.97);
}

TEST(LjungBox, RarelyFlagsIndependentSamples) {
  // True rate about 1.1% (20,000 series); SD over 1,000 about 0.33%.
  const double rate = flag_rate(103, 200, 0.0, 1000);  // phi = 0: i.i.d. normal
  std::cout << "[ observed ] i.i.d., n 200: flagged " << rate << '\n';
  EXPECT_LE(rate, 0.05);
  const double short_rate = flag_rate(105, 100, 0.0, 1000);
  std::cout << "[ observed ] i.i.d., n 100: flagged " << short_rate << '\n';
  EXPECT_LE(short_rate, 0.05);
}

// ---- batch means ----------------------------------------------------------------------

TEST(BatchMeans, ExactValuesOnATinySeries) {
  const std::vector<double> xs = {1, 2, 3, 4, 5, 6, 7};
  // Batches {1,2} {3,4} {5,6}; 7 is a partial batch and dropped. Var{1.5,3.5,5.5} = 4.
  const BatchMeans two = batch_means(xs, 2);
  EXPECT_EQ(two.batch_size, 2u);
  EXPECT_EQ(two.means, (std::vector<double>{1.5, 3.5, 5.5}));
  EXPECT_DOUBLE_EQ(two.long_run_variance, 8.0);

  // Default: 7 / floor(sqrt 7) = 3 -> {1,2,3} {4,5,6}, Var{2,5} = 4.5.
  const BatchMeans automatic = batch_means(xs);
  EXPECT_EQ(automatic.batch_size, 3u);
  EXPECT_EQ(automatic.means, (std::vector<double>{2.0, 5.0}));
  EXPECT_DOUBLE_EQ(automatic.long_run_variance, 13.5);

  EXPECT_EQ(batch_means(std::vector<double>(16, 1.0)).batch_size, 4u);
}

TEST(BatchMeans, FewerThanTwoBatchesFallBackToTheVariance) {
  const std::vector<double> xs = {1, 2, 3};
  const BatchMeans one = batch_means(xs, 3);
  EXPECT_EQ(one.means, (std::vector<double>{2.0}));
  EXPECT_DOUBLE_EQ(one.long_run_variance, 1.0);
  const BatchMeans none = batch_means(xs, 5);
  EXPECT_TRUE(none.means.empty());
  EXPECT_DOUBLE_EQ(none.long_run_variance, 1.0);
  const BatchMeans empty = batch_means(std::vector<double>{});
  EXPECT_EQ(empty.batch_size, 0u);
  EXPECT_TRUE(empty.means.empty());
  EXPECT_EQ(empty.long_run_variance, 0.0);
}

TEST(BatchMeans, LongRunVarianceOfAr1) {
  // phi = 0.5, innovation SD 1: LRV = 1 / (1 - phi)^2 = 4, three times the marginal
  // variance 4/3. One series of 100,000 has sqrt(n) = 316 batches, so its estimate has a
  // relative SD of about sqrt(2 / 315) = 8%; ten series bring the average to 2.5%, which
  // makes +-10% a 4 SD band. Bias at batch size 316: about -0.4%.
  std::mt19937_64 rng(31);
  double sum = 0.0, naive = 0.0;
  constexpr int kSeries = 10;
  for (int s = 0; s < kSeries; ++s) {
    const auto xs = testing::ar1_series(rng, 100000, 50.0, 0.5, 1.0);
    const BatchMeans bm = batch_means(xs);
    EXPECT_EQ(bm.batch_size, 316u);
    EXPECT_EQ(bm.means.size(), 316u);
    sum += bm.long_run_variance;
    naive += variance(xs);
  }
  EXPECT_NEAR(sum / kSeries, 4.0, 0.4);
  EXPECT_NEAR(naive / kSeries, 4.0 / 3.0, 0.05);  // what S1^2 would have claimed
}

TEST(BatchMeans, LongRunVarianceOfIndependentDataIsTheVariance) {
  std::mt19937_64 rng(32);
  double ratio = 0.0;
  constexpr int kSeries = 10;
  for (int s = 0; s < kSeries; ++s) {
    const auto xs = testing::normal_sample(rng, 100000, 50.0, 2.0);
    ratio += batch_means(xs).long_run_variance / variance(xs);
  }
  EXPECT_NEAR(ratio / kSeries, 1.0, 0.1);
}

TEST(BlockLength, IsTheCeilingOfTheCubeRoot) {
  EXPECT_EQ(default_block_length(0), 1u);
  EXPECT_EQ(default_block_length(1), 1u);
  EXPECT_EQ(default_block_length(2), 2u);
  EXPECT_EQ(default_block_length(8), 2u);
  EXPECT_EQ(default_block_length(9), 3u);
  EXPECT_EQ(default_block_length(27), 3u);
  EXPECT_EQ(default_block_length(28), 4u);
  EXPECT_EQ(default_block_length(200), 6u);
  EXPECT_EQ(default_block_length(1000), 10u);
  EXPECT_EQ(default_block_length(1001), 11u);
  EXPECT_EQ(default_block_length(1000000), 100u);
  EXPECT_EQ(default_block_length(1000001), 101u);
}

}  // namespace
}  // namespace tare::stats
