#include "html/scales.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace {

using tare::html::Bins;
using tare::html::Range;

TEST(HtmlScales, QuantilesInterpolateBetweenOrderStatistics) {
  EXPECT_DOUBLE_EQ(tare::html::quantile({4, 1, 3, 2}, 0.5), 2.5);
  EXPECT_DOUBLE_EQ(tare::html::quantile({4, 1, 3, 2}, 0), 1);
  EXPECT_DOUBLE_EQ(tare::html::quantile({4, 1, 3, 2}, 1), 4);
  EXPECT_DOUBLE_EQ(tare::html::quantile({10, 20}, 0.25), 12.5);
}

TEST(HtmlScales, BeyondCountsWhatLiesOutsideTheRangeOnEachSide) {
  const auto out = tare::html::beyond({1, 5, 9, 10, 10.5, 35, 40}, Range{5, 10});
  EXPECT_EQ(out.below, 1u);
  EXPECT_EQ(out.above, 3u);
  EXPECT_EQ(out.total(), 4u);
}

TEST(HtmlScales, FreedmanDiaconisBinsCoverTheValuesWholeRange) {
  // 1..1000: IQR 499.5, n^(1/3) = 10, so bins 99.9 wide: 999 / 99.9 = 10 of them.
  std::vector<double> values(1000);
  std::iota(values.begin(), values.end(), 1.0);
  const Bins bins = tare::html::histogram_bins(values);
  EXPECT_EQ(bins.count, 10);
  EXPECT_DOUBLE_EQ(bins.range.low, 1);
  EXPECT_DOUBLE_EQ(bins.range.high, 1000);
  const auto counts = tare::html::bin_counts(values, bins);
  EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), 0), 1000);
  EXPECT_EQ(counts.front(), 100);
  EXPECT_EQ(counts.back(), 100);  // 1000, the top edge, is in the last bin
}

TEST(HtmlScales, AFlatLineWithOneFarSampleStillGetsBinsOverItsBulk) {
  // Most samples within 0.02 of each other, one 20% off: Freedman–Diaconis asks for far more
  // than the most, so kMostBins, and the bulk is spread over several bars, not one.
  std::vector<double> values;
  for (int i = 0; i < 400; ++i) values.push_back(3.75 + 0.0001 * (i % 200));
  values.push_back(4.5);
  const Bins bins = tare::html::histogram_bins(values);
  EXPECT_EQ(bins.count, tare::html::kMostBins);
  const auto counts = tare::html::bin_counts(values, bins);
  EXPECT_GE(std::count_if(counts.begin(), counts.end(), [](int c) { return c > 0; }), 3);
}

TEST(HtmlScales, ValuesThatDifferNeverFallInOneBar) {
  // Fewer values than kFewestBins, and values whose interquartile range is zero.
  const Bins few = tare::html::histogram_bins({2, 3});
  EXPECT_EQ(few.count, tare::html::kFewestBins);
  EXPECT_EQ(few.of(2), 0);
  EXPECT_EQ(few.of(3), tare::html::kFewestBins - 1);
  std::vector<double> coarse(100, 24.0);
  coarse.push_back(48.0);
  const Bins sturges = tare::html::histogram_bins(coarse);
  EXPECT_EQ(sturges.count, 8);  // ceil(log2 101) + 1
  const auto counts = tare::html::bin_counts(coarse, sturges);
  EXPECT_EQ(counts.front(), 100);
  EXPECT_EQ(counts.back(), 1);
}

TEST(HtmlScales, EqualValuesHaveOneBinAroundThemAndNoValueNoBins) {
  const Bins equal = tare::html::histogram_bins({7, 7, 7});
  EXPECT_EQ(equal.count, 1);
  EXPECT_LT(equal.range.low, 7);
  EXPECT_GT(equal.range.high, 7);
  EXPECT_EQ(tare::html::bin_counts({7, 7, 7}, equal), (std::vector<int>{3}));
  EXPECT_EQ(tare::html::histogram_bins({}).count, 1);
}

TEST(HtmlScales, ValuesBeyondTheBinsAreNotCounted) {
  const Bins bins{Range{0, 10}, 5};
  EXPECT_EQ(bins.of(-1), -1);
  EXPECT_EQ(bins.of(11), 5);
  EXPECT_EQ(bins.of(std::numeric_limits<double>::quiet_NaN()), -1);
  EXPECT_EQ(tare::html::bin_counts({-1, 0, 1.9, 2, 9.99, 10, 11}, bins), (std::vector<int>{2, 1, 0, 0, 2}));
}

TEST(HtmlScales, TheWarmupRangeTakesInTheSettledWarmupButALoneSpike) {
  // 201 warmup samples settling from 12 to 10 above a measured range of 9.5 to 10.5: the
  // range reaches their 99.5th percentile (11.99), with a margin of 5% above it.
  tare::html::SettledWarmup settled;
  for (int i = 0; i <= 200; ++i) settled.rest.push_back(12 - 0.01 * i);
  const Range y = tare::html::warmup_range(settled, Range{9.5, 10.5});
  EXPECT_DOUBLE_EQ(y.low, 9.5);
  EXPECT_NEAR(y.high, 11.99 + 0.05 * (11.99 - 9.5), 1e-9);
  // One spike among them stays beyond the axis.
  settled.rest.push_back(100);
  EXPECT_LT(tare::html::warmup_range(settled, Range{9.5, 10.5}).high, 12.2);
  // Warmup within the measured range leaves it as it is; so does none.
  const Range inside = tare::html::warmup_range({{}, {10, 10.2}}, Range{9.5, 10.5});
  EXPECT_DOUBLE_EQ(inside.low, 9.5);
  EXPECT_DOUBLE_EQ(inside.high, 10.5);
  EXPECT_DOUBLE_EQ(tare::html::warmup_range({}, Range{9.5, 10.5}).high, 10.5);
}

TEST(HtmlScales, TheWarmupRangeTakesInASlowStartWhole) {
  // A fork's first settled sample 40 times slower (page faults), then the steady level.
  tare::html::SettledWarmup settled{{110, 7.7, 3.2}, std::vector<double>(300, 3.0)};
  const Range y = tare::html::warmup_range(settled, Range{2.9, 3.1});
  EXPECT_DOUBLE_EQ(y.low, 2.9);
  EXPECT_DOUBLE_EQ(y.high, 110 + 0.05 * (110 - 2.9));
}

}  // namespace
