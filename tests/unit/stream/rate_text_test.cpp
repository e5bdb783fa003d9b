#include "stream/verdict/rate_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tare::stream {
namespace {

TEST(RateText, ChoosesThePrefixByMagnitude) {
  EXPECT_EQ(rate_text(950), "950/s");
  EXPECT_EQ(rate_text(40'000), "40k/s");
  EXPECT_EQ(rate_text(4'870), "4.87k/s");
  EXPECT_EQ(rate_text(270'000), "270k/s");
  EXPECT_EQ(rate_text(1'000'000), "1M/s");
  EXPECT_EQ(rate_text(1'500'000), "1.5M/s");
  EXPECT_EQ(rate_text(20'000'000), "20M/s");
  EXPECT_EQ(rate_text(2.5e9), "2.5G/s");
}

TEST(RateText, LowRatesAreNotShownAsZeroMillions) {
  EXPECT_EQ(rate_text(0.5), "0.5/s");
  EXPECT_EQ(rate_text(12), "12/s");
  EXPECT_EQ(rate_text(220'200), "220k/s");
}

TEST(RateText, PicksTheUnitAfterRounding) {
  EXPECT_EQ(rate_text(999.7), "1k/s");
  EXPECT_EQ(rate_text(999'999), "1M/s");
  EXPECT_EQ(rate_text(999'499), "999k/s");
  EXPECT_EQ(rate_text(9.9996e8), "1G/s");
}

TEST(RateText, BeyondTheLargestPrefixStaysInIt) { EXPECT_EQ(rate_text(3e12), "3000G/s"); }

TEST(RateText, ZeroAndNothingMeasuredAreNotNaN) {
  EXPECT_EQ(rate_text(0), "0/s");
  EXPECT_EQ(rate_text(std::nan("")), "-");
  EXPECT_EQ(rate_text(std::numeric_limits<double>::infinity()), "-");
  EXPECT_EQ(rate_text(-2'000), "-2k/s");
}

TEST(PercentText, GuardsAgainstAnEmptyWhole) {
  EXPECT_EQ(percent_text(997, 1000), "99.7%");
  EXPECT_EQ(percent_text(1, 3, 2), "33.33%");
  EXPECT_EQ(percent_text(5, 0), "-");
  EXPECT_EQ(percent_text(std::nan(""), 10), "-");
  EXPECT_EQ(percent_text(0, 10), "0.0%");
}

}  // namespace
}  // namespace tare::stream
