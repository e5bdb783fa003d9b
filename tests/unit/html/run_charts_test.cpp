#include "html/run_charts.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <regex>
#include <sstream>
#include <string>

namespace {

using tare::html::ForkSeries;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// Two forks: 3 warmup samples then 5 measured; the second has a changepoint in its warmup,
// one where its measurement began (the cut: drawn in neither panel) and one in its
// measurement, and two disturbed samples.
std::vector<ForkSeries> two_forks() {
  ForkSeries first;
  first.values = {30, 20, 15, 10, 10.5, 9.5, 10, 10.2};
  first.measured_from = 3;
  first.mean = 10.04;
  ForkSeries second = first;
  second.changepoints = {1, 3, 5};
  second.disturbed = {false, false, false, false, true, false, true, false};
  return {first, second};
}

// A chart's data range, from its data-x or data-y attribute ("low high").
tare::html::Range range_of(const std::string& svg, const std::string& axis) {
  const std::string attribute = "data-" + axis + "=\"";
  const auto at = svg.find(attribute);
  if (at == std::string::npos) return {0, 0};
  std::istringstream words(svg.substr(at + attribute.size()));
  tare::html::Range range;
  words >> range.low >> range.high;
  return range;
}

TEST(HtmlRunCharts, WarmupAndMeasurementAreDrawnInPanelsOfTheirOwn) {
  const auto forks = two_forks();
  const std::string warmup = tare::html::warmup_chart(forks, {10.0, std::nullopt}, "ns/op");
  EXPECT_NE(warmup.find("data-chart=\"warmup\""), std::string::npos);
  EXPECT_EQ(count_of(warmup, "<circle class=\"warmup"), 6u);
  EXPECT_EQ(count_of(warmup, "<circle class=\"sample"), 0u);
  EXPECT_EQ(count_of(warmup, "<line class=\"changepoint\""), 1u);
  EXPECT_EQ(count_of(warmup, "<line class=\"score\""), 1u);
  const std::string measured = tare::html::run_sequence_chart(forks, "ns/op");
  EXPECT_NE(measured.find("data-chart=\"run-sequence\""), std::string::npos);
  EXPECT_EQ(count_of(measured, "<circle class=\"warmup"), 0u);
  EXPECT_EQ(count_of(measured, "<circle class=\"sample"), 8u);
  EXPECT_EQ(count_of(measured, "<circle class=\"disturbed"), 2u);
  EXPECT_EQ(count_of(measured, "<line class=\"changepoint\""), 1u);
  EXPECT_EQ(count_of(measured, "<line class=\"fork-mean\""), 2u);
  // Beside a warmup panel the measured samples take the rest of the row.
  EXPECT_NE(measured.find("width=\"960.00\""), std::string::npos);
}

TEST(HtmlRunCharts, WithoutWarmupThereIsNoWarmupPanelAndTheSamplesTakeTheRow) {
  auto forks = two_forks();
  for (auto& fork : forks) {
    fork.values.erase(fork.values.begin(), fork.values.begin() + 3);
    fork.disturbed.clear();
    fork.changepoints.clear();
    fork.measured_from = 0;
  }
  EXPECT_EQ(tare::html::warmup_chart(forks, {}, "ns/op"), "");
  EXPECT_NE(tare::html::run_sequence_chart(forks, "ns/op").find("width=\"1288.00\""), std::string::npos);
}

TEST(HtmlRunCharts, TheMeasuredAxisFitsTheUndisturbedMeasuredSamplesAndCountsTheRestAtItsEdge) {
  auto forks = two_forks();
  forks[1].values[6] = 35;  // a disturbed measured sample, far out
  forks[0].values[0] = 500;  // a first call, timed alone while the batch size was found
  forks[0].calibration = 1;
  EXPECT_EQ(tare::html::fitted_values(forks), (std::vector<double>{10, 10.5, 9.5, 10, 10.2, 10, 9.5, 10.2}));
  const std::string measured = tare::html::run_sequence_chart(forks, "ns/op");
  const auto y = range_of(measured, "y");
  EXPECT_LE(y.low, 9.5);
  EXPECT_GE(y.high, 10.5);
  EXPECT_LT(y.high, 11);  // a little margin, not the disturbed sample's 35
  EXPECT_EQ(count_of(measured, " clipped\""), 1u);
  EXPECT_NE(measured.find(">1 above the axis (1 disturbed), drawn at its edge</text>"), std::string::npos) << measured;
  // Its tooltip keeps its value.
  EXPECT_NE(measured.find("fork 2, sample 4: 35.0 ns/op"), std::string::npos);
  const std::string warmup = tare::html::warmup_chart(forks, {}, "ns/op");
  const auto warmup_y = range_of(warmup, "y");
  EXPECT_GE(warmup_y.high, 30);  // the settled warmup's slowest, in view
  EXPECT_LT(warmup_y.high, 500);
  EXPECT_NE(warmup.find(">1 above the axis</text>"), std::string::npos) << warmup;
  EXPECT_NE(warmup.find("fork 1, warmup sample 1: 500 ns/op"), std::string::npos);
}

// The picture: a flat 3.76 ns with its warmup's first calls and disturbed samples at
// 35 ns. The axes are the measured samples', and the histogram shows their shape.
TEST(HtmlRunCharts, AFlatScoreWithFarWarmupAndDisturbedSamplesIsNotAFlatLine) {
  std::vector<ForkSeries> forks(3);
  for (std::size_t f = 0; f < forks.size(); ++f) {
    auto& fork = forks[f];
    fork.values = {35, 12, 4.1, 3.9};
    fork.measured_from = fork.values.size();
    for (int i = 0; i < 200; ++i) fork.values.push_back(3.74 + 0.0002 * ((i * 7 + static_cast<int>(f)) % 200));
    fork.disturbed.assign(fork.values.size(), false);
    fork.values[100] = 35;
    fork.disturbed[100] = true;
    fork.mean = 3.76;
  }
  const std::string measured = tare::html::run_sequence_chart(forks, "ns/op");
  const auto y = range_of(measured, "y");
  EXPECT_LE(y.low, 3.74);
  EXPECT_GE(y.high, 3.7798);
  EXPECT_LT(y.high, 3.8);
  EXPECT_NE(measured.find(">3 above the axis (3 disturbed), drawn at its edge<"), std::string::npos);
  const std::string histogram = tare::html::distribution_chart(forks, {3.76, std::nullopt}, "ns/op");
  EXPECT_GE(count_of(histogram, "<rect class=\"bar\""), 8u);
  EXPECT_LT(range_of(histogram, "x").high, 3.8);
  EXPECT_NE(histogram.find(">3 above the axis (3 disturbed), not counted<"), std::string::npos);
}

TEST(HtmlRunCharts, ManySamplesAreDrawnAsLinesWithTheDisturbedOnesStillMarked) {
  ForkSeries big;
  for (int i = 0; i < 7000; ++i) big.values.push_back(10 + i % 7);
  big.disturbed.assign(big.values.size(), false);
  big.disturbed[100] = true;
  const std::string svg = tare::html::run_sequence_chart({big}, "ns/op");
  EXPECT_EQ(count_of(svg, "<polyline class=\"series\""), 1u);
  EXPECT_EQ(count_of(svg, "<circle "), 1u);
}

TEST(HtmlRunCharts, ForkMeansShowEachForkTheScoreAndItsInterval) {
  tare::html::Estimate estimate{10.0, tare::html::Range{9.5, 10.5}};
  auto forks = two_forks();
  forks[1].scored = false;
  const std::string svg = tare::html::fork_means_chart(forks, estimate, "ns/op");
  EXPECT_EQ(count_of(svg, "<circle class=\"fork-dot\""), 1u);
  EXPECT_EQ(count_of(svg, "<circle class=\"fork-dot unscored\""), 1u);
  EXPECT_EQ(count_of(svg, "<rect class=\"ci-band\""), 1u);
  EXPECT_EQ(count_of(svg, "<line class=\"score\""), 1u);
}

// The counts the bars of one class say in their tooltips ("3 samples in …"), added up.
int counted_in_bars(const std::string& svg, const std::string& css_class) {
  const std::string open = "<rect class=\"" + css_class + "\"";
  int total = 0;
  for (auto at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    const auto title = svg.find("<title>", at) + 7;
    total += std::stoi(svg.substr(title, svg.find(' ', title) - title));
  }
  return total;
}

TEST(HtmlRunCharts, TheDistributionCountsEveryMeasuredSampleOfTheScoredForksOnce) {
  auto forks = two_forks();
  const std::string svg = tare::html::distribution_chart(forks, {}, "ns/op");
  EXPECT_EQ(counted_in_bars(svg, "bar"), 8);
  EXPECT_EQ(counted_in_bars(svg, "bar disturbed"), 2);
  forks[1].scored = false;
  const std::string scored_only = tare::html::distribution_chart(forks, {}, "ns/op");
  EXPECT_EQ(counted_in_bars(scored_only, "bar"), 5);
  EXPECT_EQ(counted_in_bars(scored_only, "bar disturbed"), 0);
}

TEST(HtmlRunCharts, AShortWarmupBesideALongOneIsSpreadOutToBeRead) {
  // The first fork warms up for 1000 samples, the second for 10: the second is spread over
  // half the mean (252.5 samples' width), and both are numbered under the axis.
  std::vector<ForkSeries> forks(2);
  for (std::size_t f = 0; f < forks.size(); ++f) {
    const int warmup = f == 0 ? 1000 : 10;
    for (int i = 0; i < warmup + 50; ++i) forks[f].values.push_back(10 + 0.01 * (i % 7));
    forks[f].measured_from = static_cast<std::size_t>(warmup);
  }
  const std::string svg = tare::html::warmup_chart(forks, {}, "ns/op");
  std::vector<double> xs;
  const std::regex second_fork("cx=\"([0-9.]+)\"[^>]*><title>fork 2, ");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), second_fork); it != std::sregex_iterator(); ++it)
    xs.push_back(std::stod((*it)[1].str()));
  ASSERT_EQ(xs.size(), 10u);
  // 228 px of data area for 1000 + gap + 252.5 units: the ten samples span about 40 px,
  // where side by side unwidened they would span about 2.
  EXPECT_GT(xs.back() - xs.front(), 30);
  EXPECT_NE(svg.find(">1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">2</text>"), std::string::npos);
}

}  // namespace
