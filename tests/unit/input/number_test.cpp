#include "input/number.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>

namespace {

using tare::input::Limits;
using tare::input::UsageError;

const Limits kPositiveSeconds{0, 604800, true, false, false, "a number of seconds", "s"};

std::string message_for(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(InputNumber, AcceptsFiniteNumbersWithinTheLimits) {
  EXPECT_DOUBLE_EQ(tare::input::parse_number("30", "--timeout", kPositiveSeconds), 30);
  EXPECT_DOUBLE_EQ(tare::input::parse_number("0.5", "--timeout", kPositiveSeconds), 0.5);
  EXPECT_DOUBLE_EQ(tare::input::parse_number("6e5", "--timeout", kPositiveSeconds), 6e5);
  EXPECT_DOUBLE_EQ(tare::input::parse_number("604800", "--timeout", kPositiveSeconds), 604800);
}

// F7, F9, F10: nan, inf, overflow and values out of range are all one usage error naming
// the flag and the value.
TEST(InputNumber, RejectsNanInfOverflowAndOutOfRange) {
  for (const char* bad : {"nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e308", "1e999", "0", "-1", "604801", "",
                          " 5", "5 ", "5x", "x", "0x"})
    EXPECT_THROW(tare::input::parse_number(bad, "--timeout", kPositiveSeconds), UsageError) << bad;
  EXPECT_EQ(message_for([] { tare::input::parse_number("nan", "--timeout", kPositiveSeconds); }),
            "--timeout nan: expected a number of seconds above 0 and at most 604800 s");
}

TEST(InputNumber, QuantitiesTakeTheirUnitsAndTheLimitsApplyAfterScaling) {
  const auto minutes = [](const std::string& text) {
    return tare::input::parse_quantity(text, "--budget", {{"", 1}, {"s", 1}, {"m", 60}}, kPositiveSeconds);
  };
  EXPECT_DOUBLE_EQ(minutes("90"), 90);
  EXPECT_DOUBLE_EQ(minutes("1.5m"), 90);
  EXPECT_THROW(minutes("10081m"), UsageError);  // a week and a minute
  EXPECT_THROW(minutes("1e307m"), UsageError);  // finite, but infinite once scaled
  EXPECT_THROW(minutes("5d"), UsageError);
  EXPECT_THROW(minutes("nanm"), UsageError);
}

TEST(InputNumber, WholeNumbersAreReadExactlyAndMustFitTheirType) {
  const auto seed = tare::input::whole_number<std::uint64_t>();
  EXPECT_EQ(tare::input::parse_whole<std::uint64_t>("18446744073709551615", "--seed", seed), UINT64_MAX);
  // F10: one more than the largest seed used to wrap around silently.
  for (const char* bad : {"18446744073709551616", "-1", "1.5", "1e3", "", "+"})
    EXPECT_THROW(tare::input::parse_whole<std::uint64_t>(bad, "--seed", seed), UsageError) << bad;
  const auto forks = tare::input::whole_number<int>(1, 100000);
  EXPECT_EQ(tare::input::parse_whole<int>("100000", "--forks", forks), 100000);
  for (const char* bad : {"0", "100001", "99999999999", "abc"})
    EXPECT_THROW(tare::input::parse_whole<int>(bad, "--forks", forks), UsageError) << bad;
  EXPECT_EQ(message_for([&] { tare::input::parse_whole<int>("0", "--forks", forks); }),
            "--forks 0: expected a whole number from 1 to 100000");
}

TEST(InputNumber, WholeLimitsRejectFractionsOfDoubles) {
  Limits rate{1, 1e9};
  rate.whole = true;
  rate.what = "a whole number of events per second";
  rate.example = "50k";
  EXPECT_DOUBLE_EQ(tare::input::parse_quantity("1.5k", "--rate", {{"", 1}, {"k", 1e3}}, rate), 1500);
  EXPECT_EQ(message_for([&] { tare::input::parse_quantity("1.5", "--rate", {{"", 1}, {"k", 1e3}}, rate); }),
            "--rate 1.5: expected a whole number of events per second from 1 to 1000000000, like 50k");
}

TEST(InputNumber, RangesAreDescribedAsTheyAreChecked) {
  EXPECT_EQ(tare::input::describe(Limits{0, 100, true, true}), "above 0 and below 100");
  EXPECT_EQ(tare::input::describe(Limits{0, 100}), "from 0 to 100");
  EXPECT_EQ(tare::input::describe(Limits{1, 0.5, false, true}), "at least 1 and below 0.5");
  EXPECT_EQ(tare::input::number_text(1e18), "1000000000000000000");
  EXPECT_EQ(tare::input::describe(tare::input::whole_number<std::uint64_t>()), "from 0 to 18446744073709551615");
  EXPECT_EQ(tare::input::describe(tare::input::whole_number<std::int64_t>()),
            "from -9223372036854775808 to 9223372036854775807");
  EXPECT_EQ(tare::input::number_text(0.25), "0.25");
}

}  // namespace
