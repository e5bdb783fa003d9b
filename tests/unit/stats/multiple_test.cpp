#include "stats/multiple.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"

namespace tare::stats {
namespace {

void expect_near_each(const std::vector<double>& actual, const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << i;
    } else {
      EXPECT_NEAR(actual[i], expected[i], 1e-15) << i;
    }
  }
}

TEST(MultipleComparisons, HandComputedVectors) {
  // Sorted: 0.005 (#3), 0.01 (#0), 0.03 (#2), 0.04 (#1), m = 4.
  // Holm: 4 x 0.005 = 0.02, 3 x 0.01 = 0.03, 2 x 0.03 = 0.06, 1 x 0.04 = 0.04 -> 0.06 (max).
  // BH: 4 x 0.005 / 1 = 0.02, 4 x 0.01 / 2 = 0.02, 4 x 0.03 / 3 = 0.04, 4 x 0.04 / 4 = 0.04.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  expect_near_each(holm_adjust(p), {0.03, 0.06, 0.06, 0.02});
  expect_near_each(benjamini_hochberg_adjust(p), {0.02, 0.04, 0.04, 0.02});

  // Sorted 0.02, 0.4, 0.9. Holm: 0.06, 0.8, max(0.8, 0.9). BH: 0.06, 0.6, 0.9.
  const std::vector<double> q = {0.4, 0.9, 0.02};
  expect_near_each(holm_adjust(q), {0.8, 0.9, 0.06});
  expect_near_each(benjamini_hochberg_adjust(q), {0.6, 0.9, 0.06});
}

TEST(MultipleComparisons, CappedAtOneAndTiesShareAValue) {
  expect_near_each(holm_adjust(std::vector<double>{0.3, 0.6, 0.7}), {0.9, 1.0, 1.0});
  expect_near_each(benjamini_hochberg_adjust(std::vector<double>{0.3, 0.6, 0.7}), {0.7, 0.7, 0.7});
  // Holm: 3 x 0.01, then max(0.03, 2 x 0.01). BH: min(0.03, 0.015) for both.
  const std::vector<double> tied = {0.01, 0.01, 0.5};
  expect_near_each(holm_adjust(tied), {0.03, 0.03, 0.5});
  expect_near_each(benjamini_hochberg_adjust(tied), {0.015, 0.015, 0.5});
}

TEST(MultipleComparisons, EmptySingleAndAllOnes) {
  EXPECT_TRUE(holm_adjust({}).empty());
  EXPECT_TRUE(benjamini_hochberg_adjust({}).empty());
  expect_near_each(holm_adjust(std::vector<double>{0.03}), {0.03});
  expect_near_each(benjamini_hochberg_adjust(std::vector<double>{0.03}), {0.03});
  const std::vector<double> ones(5, 1.0);
  EXPECT_EQ(holm_adjust(ones), ones);
  EXPECT_EQ(benjamini_hochberg_adjust(ones), ones);
  const std::vector<double> zeros(3, 0.0);
  EXPECT_EQ(holm_adjust(zeros), zeros);
  EXPECT_EQ(benjamini_hochberg_adjust(zeros), zeros);
}

TEST(MultipleComparisons, InvalidPValuesStayNaNButCountInTheFamily) {
  // m = 4, not 2: the two failed comparisons still count.
  const std::vector<double> p = {0.01, kNaN, 0.04, 1.5};
  expect_near_each(holm_adjust(p), {0.04, kNaN, 0.12, kNaN});
  expect_near_each(benjamini_hochberg_adjust(p), {0.04, kNaN, 0.08, kNaN});
  expect_near_each(holm_adjust(std::vector<double>{-0.1}), {kNaN});
}

TEST(MultipleComparisons, PropertiesOnRandomPValues) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (int round = 0; round < 200; ++round) {
    const auto m = static_cast<std::size_t>(round % 17);
    std::vector<double> p(m);
    // Cube some p-values, so that small ones (the interesting end) are common.
    for (double& x : p) x = round % 2 == 0 ? uniform(rng) : std::pow(uniform(rng), 3.0);
    const std::vector<double> holm = holm_adjust(p), bh = benjamini_hochberg_adjust(p);
    ASSERT_EQ(holm.size(), m);
    ASSERT_EQ(bh.size(), m);
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    for (std::size_t k = 0; k < m; ++k) {
      const std::size_t i = order[k];
      const double bonferroni = std::min(1.0, static_cast<double>(m) * p[i]);
      EXPECT_GE(bh[i], p[i]);
      EXPECT_LE(bh[i], holm[i]);
      EXPECT_LE(holm[i], bonferroni);
      EXPECT_LE(holm[i], 1.0);
      if (k > 0) {
        EXPECT_GE(holm[i], holm[order[k - 1]]);
        EXPECT_GE(bh[i], bh[order[k - 1]]);
      }
    }
  }
}

}  // namespace
}  // namespace tare::stats
