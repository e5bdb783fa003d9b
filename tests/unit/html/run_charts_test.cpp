#include "html/run_charts.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using tare::html::ForkSeries;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// Two forks: 3 warmup samples then 5 measured; the second has a changepoint and two
// disturbed samples.
std::vector<ForkSeries> two_forks() {
  ForkSeries first;
  first.values = {30, 20, 15, 10, 10.5, 9.5, 10, 10.2};
  first.measured_from = 3;
  first.mean = 10.04;
  ForkSeries second = first;
  second.changepoints = {3};
  second.disturbed = {false, false, false, false, true, false, true, false};
  return {first, second};
}

TEST(HtmlRunCharts, TheRunSequenceShowsWarmupCutChangepointsAndDisturbedSamples) {
  const std::string svg = tare::html::run_sequence_chart(two_forks(), "ns/op");
  EXPECT_NE(svg.find("data-chart=\"run-sequence\""), std::string::npos);
  EXPECT_EQ(count_of(svg, "<circle class=\"warmup"), 6u);
  EXPECT_EQ(count_of(svg, "<circle class=\"sample"), 8u);
  EXPECT_EQ(count_of(svg, "<circle class=\"disturbed"), 2u);
  EXPECT_EQ(count_of(svg, "<line class=\"cut\""), 2u);
  EXPECT_EQ(count_of(svg, "<line class=\"changepoint\""), 1u);
  EXPECT_EQ(count_of(svg, "<line class=\"fork-mean\""), 2u);
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

}  // namespace
