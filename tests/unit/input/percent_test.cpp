// Percentages always carry their sign: a bare number is refused with both of its readings.
#include "input/percent.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using tare::input::parse_percent;
using tare::input::percent_limits;
using tare::input::UsageError;

std::string percent_refusal(const std::string& text, const tare::input::Limits& limits = percent_limits()) {
  try {
    parse_percent(text, "--threshold", limits);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Percent, TheNumberBeforeTheSign) {
  EXPECT_DOUBLE_EQ(parse_percent("1%", "--threshold"), 1);
  EXPECT_DOUBLE_EQ(parse_percent("0.5%", "--threshold"), 0.5);
  EXPECT_DOUBLE_EQ(parse_percent("99.9%", "--threshold"), 99.9);
  EXPECT_DOUBLE_EQ(parse_percent("0%", "--steady-band", percent_limits(true, true)), 0);
  EXPECT_DOUBLE_EQ(parse_percent("100%", "--steady-band", percent_limits(true, true)), 100);
}

// The reason for the rule: "0.02" is 0.02% to one reader and 2% to another.
TEST(Percent, ABareNumberIsRefusedWithBothReadings) {
  EXPECT_EQ(percent_refusal("0.02"), "--threshold 0.02: expected a percentage with its % sign, like 0.02% or, as a fraction, 2%");
  EXPECT_EQ(percent_refusal("5"), "--threshold 5: expected a percentage with its % sign, like 5%");
}

TEST(Percent, OutOfRangeAndMalformedTextIsRefused) {
  for (const char* bad : {"", "%", "0%", "100%", "-1%", "1%%", "abc", "nan%", "inf%", "1e999%", "1 %", " 1%", "0", "100"})
    EXPECT_EQ(percent_refusal(bad).rfind(std::string("--threshold ") + bad + ": expected a percentage", 0), 0u)
        << bad << " -> " << percent_refusal(bad);
  EXPECT_EQ(percent_refusal("100%"), "--threshold 100%: expected a percentage above 0 and below 100, like 1% or 0.5% (the % sign is required)");
}

}  // namespace
