// Tests of slope.hpp: Theil-Sen and OLS on hand-computed lines, Mann-Kendall's S, variance
// and z on hand-computed vectors (with ties), its exact small-n p-values against
// brute-force enumeration of every arrangement, and its size and power on seeded series.
#include "stats/slope.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

std::vector<double> iota_values(std::size_t n) {
  std::vector<double> xs(n);
  for (std::size_t i = 0; i < n; ++i) xs[i] = static_cast<double>(i);
  return xs;
}

double s_statistic(const std::vector<double>& y) {
  double s = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    for (std::size_t j = i + 1; j < y.size(); ++j) s += (y[j] > y[i]) - (y[j] < y[i]);
  }
  return s;
}

struct BruteForce {
  double p_increasing, p_decreasing;
};

// Every distinct arrangement of y's values is equally likely under no trend:
// next_permutation from the sorted values visits each exactly once, ties included.
BruteForce enumerate_arrangements(const std::vector<double>& y) {
  const double observed = s_statistic(y);
  std::vector<double> arrangement = y;
  std::sort(arrangement.begin(), arrangement.end());
  double total = 0, at_least = 0, at_most = 0;
  do {
    const double s = s_statistic(arrangement);
    total += 1;
    at_least += s >= observed;
    at_most += s <= observed;
  } while (std::next_permutation(arrangement.begin(), arrangement.end()));
  return {at_least / total, at_most / total};
}

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

TEST(TheilSen, ExactLine) {
  const std::vector<double> x{0, 1, 2, 4, 8};
  const std::vector<double> y{1, 3, 5, 9, 17};
  EXPECT_DOUBLE_EQ(theil_sen_slope(x, y), 2.0);
  EXPECT_DOUBLE_EQ(ols_slope(x, y), 2.0);
}

TEST(TheilSen, OneOutlierDoesNotMoveIt) {
  const auto x = iota_values(20);
  std::vector<double> y(20);
  for (std::size_t i = 0; i < 20; ++i) y[i] = 2.0 * x[i] + 1.0;
  y[7] = 1000.0;
  // 171 of the 190 pairs avoid point 7 and have slope 2 exactly.
  EXPECT_DOUBLE_EQ(theil_sen_slope(x, y), 2.0);
  EXPECT_GT(std::abs(ols_slope(x, y) - 2.0), 1.0);
}

TEST(TheilSen, MedianOfPairwiseSlopesByHand) {
  // Slopes: (0,1) 1, (0,2) 2, (1,2) 3: median 2.
  EXPECT_DOUBLE_EQ(theil_sen_slope(std::vector<double>{0, 1, 2}, std::vector<double>{0, 1, 4}),
                   2.0);
  // Pairs with equal x are left out: (0,1) and (0,2) have slope 1 and 3, (1,2) none.
  EXPECT_DOUBLE_EQ(theil_sen_slope(std::vector<double>{0, 1, 1}, std::vector<double>{0, 1, 3}),
                   2.0);
}

TEST(TheilSen, DegenerateInputsAreNaN) {
  EXPECT_TRUE(std::isnan(theil_sen_slope(std::vector<double>{}, std::vector<double>{})));
  EXPECT_TRUE(std::isnan(theil_sen_slope(std::vector<double>{1}, std::vector<double>{2})));
  EXPECT_TRUE(std::isnan(theil_sen_slope(std::vector<double>{3, 3, 3}, std::vector<double>{1, 2, 3})));
  EXPECT_TRUE(std::isnan(theil_sen_slope(std::vector<double>{1, 2}, std::vector<double>{1, 2, 3})));
  EXPECT_TRUE(std::isnan(theil_sen_slope(std::vector<double>{1, 2, 3}, std::vector<double>{1, NAN, 3})));
}

TEST(TheilSen, LargeInputIsSampledDeterministically) {
  std::mt19937_64 rng(21);
  const auto x = iota_values(3000);
  auto y = testing::normal_sample(rng, 3000, 0.0, 10.0);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += 0.5 * x[i];
  const double slope = theil_sen_slope(x, y);
  EXPECT_NEAR(slope, 0.5, 0.01);
  EXPECT_EQ(slope, theil_sen_slope(x, y));
}

TEST(Ols, HandComputed) {
  // x̄ = 2, ȳ = 7/3, Sxy = 3, Sxx = 2.
  EXPECT_DOUBLE_EQ(ols_slope(std::vector<double>{1, 2, 3}, std::vector<double>{1, 2, 4}), 1.5);
  EXPECT_TRUE(std::isnan(ols_slope(std::vector<double>{1}, std::vector<double>{1})));
  EXPECT_TRUE(std::isnan(ols_slope(std::vector<double>{2, 2}, std::vector<double>{1, 3})));
  EXPECT_TRUE(std::isnan(ols_slope(std::vector<double>{1, 2}, std::vector<double>{1})));
}

TEST(MannKendall, IncreasingOneToTen) {
  std::vector<double> y(10);
  for (std::size_t i = 0; i < 10; ++i) y[i] = static_cast<double>(i + 1);
  const MannKendall mk = mann_kendall(y);
  EXPECT_EQ(mk.n, 10u);
  EXPECT_EQ(mk.s, 45.0);
  EXPECT_DOUBLE_EQ(mk.variance, 125.0);  // 10 * 9 * 25 / 18
  EXPECT_DOUBLE_EQ(mk.z, 44.0 / std::sqrt(125.0));
  // Exact: only the sorted arrangement of the 10! has S = 45.
  EXPECT_DOUBLE_EQ(mk.p_increasing, 1.0 / 3628800.0);
  EXPECT_DOUBLE_EQ(mk.p_decreasing, 1.0);
}

TEST(MannKendall, DecreasingElevenUsesTheNormal) {
  std::vector<double> y(11);
  for (std::size_t i = 0; i < 11; ++i) y[i] = static_cast<double>(11 - i);
  const MannKendall mk = mann_kendall(y);
  EXPECT_EQ(mk.s, -55.0);
  EXPECT_DOUBLE_EQ(mk.variance, 165.0);  // 11 * 10 * 27 / 18
  EXPECT_DOUBLE_EQ(mk.z, -54.0 / std::sqrt(165.0));
  EXPECT_DOUBLE_EQ(mk.p_decreasing, normal_upper_tail(54.0 / std::sqrt(165.0)));
  EXPECT_DOUBLE_EQ(mk.p_increasing, normal_upper_tail(-56.0 / std::sqrt(165.0)));
}

TEST(MannKendall, TiesByHand) {
  // 1 precedes 5 larger values, each 2 precedes three 3s; tied pairs count 0: S = 11.
  // Var = (6*5*17 - 2*1*9 - 3*2*11) / 18 = 426 / 18.
  const MannKendall mk = mann_kendall(std::vector<double>{1, 2, 2, 3, 3, 3});
  EXPECT_EQ(mk.s, 11.0);
  EXPECT_DOUBLE_EQ(mk.variance, 426.0 / 18.0);
  EXPECT_DOUBLE_EQ(mk.z, 10.0 / std::sqrt(426.0 / 18.0));
  // 60 distinct arrangements of {1, 2, 2, 3, 3, 3}; the sorted one alone has S = 11.
  EXPECT_DOUBLE_EQ(mk.p_increasing, 1.0 / 60.0);
}

TEST(MannKendall, NoTestBelowThreeOrAllTied) {
  for (const auto& y : {std::vector<double>{}, std::vector<double>{1, 2},
                        std::vector<double>{4, 4, 4, 4, 4}, std::vector<double>(20, 1.0)}) {
    const MannKendall mk = mann_kendall(y);
    EXPECT_EQ(mk.z, 0.0);
    EXPECT_EQ(mk.p_increasing, 1.0);
    EXPECT_EQ(mk.p_decreasing, 1.0);
  }
  EXPECT_EQ(mann_kendall(std::vector<double>(20, 1.0)).variance, 0.0);
}

TEST(MannKendall, NaNInputGivesNaN) {
  const MannKendall mk = mann_kendall(std::vector<double>{1, 2, NAN, 4});
  EXPECT_TRUE(std::isnan(mk.s));
  EXPECT_TRUE(std::isnan(mk.p_increasing));
  EXPECT_TRUE(std::isnan(mk.p_decreasing));
}

TEST(MannKendall, ExactSmallSamplesMatchEnumeration) {
  std::mt19937_64 rng(5);
  for (std::size_t n = 5; n <= 8; ++n) {
    for (int trial = 0; trial < 6; ++trial) {
      auto y = testing::normal_sample(rng, n, 0.0, 1.0);
      if (trial % 2 == 1) {  // rounded to a coarse grid: ties
        for (double& v : y) v = std::round(v);
      }
      for (std::size_t i = 0; i < n; ++i) y[i] += 0.3 * static_cast<double>(i) * (trial % 3);
      const BruteForce expected = enumerate_arrangements(y);
      const MannKendall mk = mann_kendall(y);
      EXPECT_NEAR(mk.p_increasing, expected.p_increasing, 1e-12) << "n " << n << " trial " << trial;
      EXPECT_NEAR(mk.p_decreasing, expected.p_decreasing, 1e-12) << "n " << n << " trial " << trial;
    }
  }
}

TEST(MannKendall, FalsePositiveRateIsNearAlpha) {
  std::mt19937_64 rng(30);
  int increasing = 0, decreasing = 0;
  constexpr int kSeries = 2000;
  for (int k = 0; k < kSeries; ++k) {
    const MannKendall mk = mann_kendall(testing::normal_sample(rng, 30, 5.0, 1.0));
    increasing += mk.p_increasing < 0.05;
    decreasing += mk.p_decreasing < 0.05;
  }
  EXPECT_GE(increasing, 0.035 * kSeries);
  EXPECT_LE(increasing, 0.065 * kSeries);
  EXPECT_GE(decreasing, 0.035 * kSeries);
  EXPECT_LE(decreasing, 0.065 * kSeries);
}

TEST(MannKendall, DetectsAPlantedTrend) {
  std::mt19937_64 rng(31);
  int detected = 0;
  constexpr int kSeries = 500;
  for (int k = 0; k < kSeries; ++k) {
    auto y = testing::normal_sample(rng, 30, 0.0, 1.0);
    for (std::size_t i = 0; i < y.size(); ++i) y[i] += 0.1 * static_cast<double>(i);
    detected += mann_kendall(y).p_increasing < 0.05;
  }
  // A rise of 3 noise SDs over the series.
  EXPECT_GE(detected, 0.95 * kSeries);
}

}  // namespace
}  // namespace tare::stats
