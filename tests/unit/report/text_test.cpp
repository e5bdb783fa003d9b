// Display width, padding and colour, and the table built on them.
#include <gtest/gtest.h>

#include <stdexcept>

#include "report/table.hpp"
#include "report/text.hpp"

namespace tare::report::detail {
namespace {

TEST(DisplayWidth, CountsColumnsNotBytes) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("± µs"), 4u);
  EXPECT_EQ(display_width("⚠ 2"), 3u);
  EXPECT_EQ(display_width("中文"), 4u);
  EXPECT_EQ(display_width("e\xCC\x81"), 1u);  // e + combining acute accent
  EXPECT_EQ(display_width("\xff\xfe"), 2u);   // invalid bytes still take a column each
}

TEST(Pad, ToDisplayWidth) {
  EXPECT_EQ(pad("µs", 4, Align::left), "µs  ");
  EXPECT_EQ(pad("µs", 4, Align::right), "  µs");
  EXPECT_EQ(pad("toolong", 3, Align::right), "toolong");
}

TEST(Paint, OnlyWhenColor) {
  EXPECT_EQ(paint("x", Style::red, false), "x");
  EXPECT_EQ(paint("x", Style::plain, true), "x");
  EXPECT_EQ(paint("x", Style::bold, true), "\x1b[1mx\x1b[0m");
  EXPECT_EQ(paint("x", Style::yellow, true), "\x1b[33mx\x1b[0m");
  EXPECT_EQ(paint("x", Style::red, true), "\x1b[31mx\x1b[0m");
}

TEST(Table, AlignsColumnsWithGaps) {
  Table table({{"Name", Align::left, 0}, {"N", Align::right, 2}, {"u", Align::left, 1}});
  table.add_row({{"µ"}, {"1.5"}, {"ns"}});
  table.add_row({{"long name"}, {"12.25"}});
  const auto lines = table.render(false);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "Name           N u ");
  EXPECT_EQ(lines[1], "µ            1.5 ns");
  EXPECT_EQ(lines[2], "long name  12.25   ");
}

TEST(Table, ColorWrapsPaddedCells) {
  Table table({{"A", Align::left, 0}, {"B", Align::right, 1}});
  table.add_row({{"x", Style::red}, {"y"}});
  const auto lines = table.render(true);
  EXPECT_EQ(lines[0], "\x1b[1mA\x1b[0m \x1b[1mB\x1b[0m");
  EXPECT_EQ(lines[1], "\x1b[31mx\x1b[0m y");
}

TEST(Table, RejectsMoreCellsThanColumns) {
  Table table({{"A", Align::left, 0}});
  EXPECT_THROW(table.add_row({{"1"}, {"2"}}), std::logic_error);
}

}  // namespace
}  // namespace tare::report::detail
