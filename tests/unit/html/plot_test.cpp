#include "html/plot.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using tare::html::nice_ticks;
using tare::html::Range;

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST(HtmlPlot, TicksAreRoundStepsCoveringTheRange) {
  EXPECT_EQ(nice_ticks({0, 10}, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  const auto ticks = nice_ticks({0.013, 0.087}, 4);
  ASSERT_EQ(ticks.size(), 4u);
  EXPECT_DOUBLE_EQ(ticks.front(), 0.02);
  EXPECT_DOUBLE_EQ(ticks.back(), 0.08);
  EXPECT_EQ(nice_ticks({95, 130}, 5), (std::vector<double>{100, 110, 120, 130}));
}

TEST(HtmlPlot, AnEmptyRangeHasOneTickAndAPaddedRangeIsNeverEmpty) {
  EXPECT_EQ(nice_ticks({3, 3}, 5), (std::vector<double>{3}));
  const Range single = tare::html::padded_range({12.0});
  EXPECT_LT(single.low, 12.0);
  EXPECT_GT(single.high, 12.0);
  const Range none = tare::html::padded_range({});
  EXPECT_LT(none.low, none.high);
  const Range spread = tare::html::padded_range({10.0, 20.0}, 0.1);
  EXPECT_DOUBLE_EQ(spread.low, 9.0);
  EXPECT_DOUBLE_EQ(spread.high, 21.0);
}

TEST(HtmlPlot, TickLabelsAreShort) {
  EXPECT_EQ(tare::html::tick_text(0.25), "0.25");
  EXPECT_EQ(tare::html::tick_text(1200), "1200");
  EXPECT_EQ(tare::html::tick_text(1.5e6), "1.5e+06");
}

TEST(HtmlPlot, MarksAreInsideTheChartAndTooltipsAreEscaped) {
  tare::html::Plot plot("test-kind", "A <title>", {0, 10}, {0, 100}, {200, 100});
  plot.axes("x", "y");
  plot.dot(5, 50, 2, "sample", "value <b>");
  plot.box(0, 0, 10, 100, "band");
  const std::string svg = plot.svg();
  EXPECT_EQ(svg.rfind("<svg class=\"chart\" data-chart=\"test-kind\"", 0), 0u) << svg;
  EXPECT_NE(svg.find("<title>A &lt;title&gt;</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>value &lt;b&gt;</title>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<circle "), 1u);
  EXPECT_EQ(occurrences(svg, "<rect "), 1u);
  // The data area is inside the 200 × 100 chart: x = 5 lands between the margins.
  EXPECT_NE(svg.find("cx=\"128.00\""), std::string::npos) << svg;
  EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
}

TEST(HtmlPlot, TheSvgGivesItsDataRangesAndACaptionSitsAboveTheDataArea) {
  tare::html::Plot plot("test-kind", "t", {-1, 250}, {9.98, 10.41}, {400, 200, 72, 24});
  plot.caption("3 above <the axis>", "beyond");
  const std::string svg = plot.svg();
  EXPECT_NE(svg.find("data-x=\"-1 250\" data-y=\"9.98 10.41\""), std::string::npos) << svg;
  // Right-aligned at the data area's right end (400 - 16), 6 px above its top (24), escaped.
  EXPECT_NE(svg.find("<text class=\"beyond\" x=\"384.00\" y=\"18.00\" text-anchor=\"end\">3 above &lt;the axis&gt;</text>"),
            std::string::npos)
      << svg;
  // 251 units of x across 400 - 72 - 16 = 312 px.
  EXPECT_DOUBLE_EQ(plot.pixels_across(251), 312);
}

}  // namespace
