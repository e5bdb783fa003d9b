#include "stats/descriptive.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace tare::stats {
namespace {

const std::vector<double> kTextbook = {2, 4, 4, 4, 5, 5, 7, 9};  // mean 5, SS 32

TEST(Descriptive, MeanOfKnownValues) {
  EXPECT_DOUBLE_EQ(mean(std::vector<double>{1, 2, 3, 4}), 2.5);
  EXPECT_DOUBLE_EQ(mean(kTextbook), 5.0);
  EXPECT_DOUBLE_EQ(mean(std::vector<double>{-3}), -3.0);
}

TEST(Descriptive, MeanOfEmptyIsNaN) { EXPECT_TRUE(std::isnan(mean({}))); }

TEST(Descriptive, VarianceIsUnbiased) {
  EXPECT_DOUBLE_EQ(variance(kTextbook), 32.0 / 7.0);
  EXPECT_DOUBLE_EQ(stddev(kTextbook), std::sqrt(32.0 / 7.0));
}

TEST(Descriptive, VarianceBelowTwoValuesIsZero) {
  EXPECT_EQ(variance({}), 0.0);
  EXPECT_EQ(variance(std::vector<double>{42}), 0.0);
  EXPECT_EQ(stddev(std::vector<double>{42}), 0.0);
}

TEST(Descriptive, VarianceSurvivesLargeOffset) {
  // Nanosecond timings of ~1 s: a naive sum of squares would lose every digit here.
  const std::vector<double> xs = {1e9 + 1, 1e9 + 2, 1e9 + 3};
  EXPECT_NEAR(variance(xs), 1.0, 1e-9);
}

TEST(Descriptive, QuantileMatchesRType7) {
  std::vector<double> one_to_ten;
  for (int i = 1; i <= 10; ++i) one_to_ten.push_back(i);
  // Values from R: quantile(1:10, c(0, .1, .25, .5, .9, 1)).
  EXPECT_NEAR(quantile(one_to_ten, 0.9), 9.1, 1e-12);
  EXPECT_NEAR(quantile(one_to_ten, 0.25), 3.25, 1e-12);
  EXPECT_NEAR(quantile(one_to_ten, 0.1), 1.9, 1e-12);
  EXPECT_NEAR(quantile(one_to_ten, 0.5), 5.5, 1e-12);
  EXPECT_EQ(quantile(one_to_ten, 0.0), 1.0);
  EXPECT_EQ(quantile(one_to_ten, 1.0), 10.0);
  // Unsorted input; R: quantile(c(10, 1, 7), .1) = 2.2, quantile(c(10, 1, 7), .75) = 8.5.
  const std::vector<double> shuffled = {10, 1, 7};
  EXPECT_NEAR(quantile(shuffled, 0.1), 2.2, 1e-12);
  EXPECT_NEAR(quantile(shuffled, 0.75), 8.5, 1e-12);
  EXPECT_EQ(shuffled, (std::vector<double>{10, 1, 7}));
}

TEST(Descriptive, QuantileEdgeCases) {
  EXPECT_TRUE(std::isnan(quantile({}, 0.5)));
  EXPECT_TRUE(std::isnan(quantile(kTextbook, -0.1)));
  EXPECT_TRUE(std::isnan(quantile(kTextbook, 1.1)));
  EXPECT_TRUE(std::isnan(quantile(kTextbook, std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(quantile(std::vector<double>{3}, 0.3), 3.0);
}

TEST(Descriptive, Median) {
  EXPECT_EQ(median(std::vector<double>{5, 1, 3}), 3.0);
  EXPECT_EQ(median(std::vector<double>{4, 1, 3, 2}), 2.5);
  EXPECT_EQ(median(kTextbook), 4.5);
  EXPECT_TRUE(std::isnan(median({})));
}

TEST(Descriptive, CoefficientOfVariation) {
  EXPECT_DOUBLE_EQ(coefficient_of_variation(kTextbook), std::sqrt(32.0 / 7.0) / 5.0);
  // Relative to |mean|, so a negative mean gives the same spread.
  EXPECT_DOUBLE_EQ(coefficient_of_variation(std::vector<double>{-2, -4, -4, -4, -5, -5, -7, -9}),
                   std::sqrt(32.0 / 7.0) / 5.0);
  EXPECT_EQ(coefficient_of_variation(std::vector<double>{7}), 0.0);
  EXPECT_EQ(coefficient_of_variation(std::vector<double>{3, 3, 3}), 0.0);
  EXPECT_EQ(coefficient_of_variation(std::vector<double>{-1, 1}),
            std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace tare::stats
