// One grammar for durations: a unit, or a plain number in the flag's own unit.
#include "input/duration.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using tare::input::parse_duration;
using tare::input::TimeUnit;

TEST(Duration, UnitsMeanTheSameWhateverTheFlagsOwnUnit) {
  EXPECT_DOUBLE_EQ(parse_duration("2", "--budget", TimeUnit::seconds), 2);
  EXPECT_DOUBLE_EQ(parse_duration("2s", "--budget", TimeUnit::seconds), 2);
  EXPECT_DOUBLE_EQ(parse_duration("500ms", "--budget", TimeUnit::seconds), 0.5);
  EXPECT_DOUBLE_EQ(parse_duration("1.5m", "--budget", TimeUnit::seconds), 90);
  EXPECT_DOUBLE_EQ(parse_duration("1h", "--budget", TimeUnit::seconds), 3600);
  EXPECT_DOUBLE_EQ(parse_duration("250us", "--budget", TimeUnit::seconds), 250e-6);
  EXPECT_DOUBLE_EQ(parse_duration("100", "--measure-ms", TimeUnit::milliseconds), 100);
  EXPECT_DOUBLE_EQ(parse_duration("2s", "--measure-ms", TimeUnit::milliseconds), 2000);
  EXPECT_DOUBLE_EQ(parse_duration("250us", "--measure-ms", TimeUnit::milliseconds), 0.25);
  EXPECT_DOUBLE_EQ(parse_duration("1000000ns", "--measure-ms", TimeUnit::milliseconds), 1);
}

TEST(Duration, AWeekIsTheLongestInEitherUnit) {
  EXPECT_DOUBLE_EQ(parse_duration("168h", "--budget", TimeUnit::seconds), 604800);
  EXPECT_DOUBLE_EQ(parse_duration("168h", "--measure-ms", TimeUnit::milliseconds), 604800e3);
  EXPECT_THROW(parse_duration("169h", "--budget", TimeUnit::seconds), tare::input::UsageError);
  EXPECT_THROW(parse_duration("169h", "--measure-ms", TimeUnit::milliseconds), tare::input::UsageError);
}

TEST(Duration, AnythingElseIsOneLineNamingTheFlagTheTextAndAnExample) {
  const std::vector<std::string> bad = {"0", "0s", "-1s", "nan", "inf", "1e999s", "5d", "s", "2 s", " 2s", "2S", ""};
  ASSERT_FALSE(bad.empty());
  for (const auto& text : bad) {
    try {
      parse_duration(text, "--budget", TimeUnit::seconds);
      ADD_FAILURE() << "accepted: '" << text << "'";
    } catch (const tare::input::UsageError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("--budget " + text + ": expected a duration", 0), 0u) << message;
      EXPECT_NE(message.find("like 2s, 500ms or 1m (a plain number is seconds)"), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
  try {
    parse_duration("1d", "--measure-ms", TimeUnit::milliseconds);
    ADD_FAILURE() << "accepted 1d";
  } catch (const tare::input::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("(a plain number is milliseconds)"), std::string::npos) << e.what();
  }
}

TEST(DurationNs, DurationsTakeEveryUnit) {
  EXPECT_EQ(tare::input::parse_duration_ns("250ns", "--x"), 250);
  EXPECT_EQ(tare::input::parse_duration_ns("10us", "--x"), 10'000);
  EXPECT_EQ(tare::input::parse_duration_ns("500ms", "--x"), 500'000'000);
  EXPECT_EQ(tare::input::parse_duration_ns("10s", "--x"), 10'000'000'000);
  EXPECT_EQ(tare::input::parse_duration_ns("10", "--x"), 10'000'000'000);
  EXPECT_EQ(tare::input::parse_duration_ns("1.5m", "--x"), 90'000'000'000);
  EXPECT_EQ(tare::input::parse_duration_ns("0", "--x", true), 0);
}

TEST(DurationNs, BadDurationsNameTheOption) {
  for (const char* bad : {"0", "-1s", "abc", "10 s", "5parsecs", "nan"}) {
    try {
      tare::input::parse_duration_ns(bad, "--duration");
      ADD_FAILURE() << bad;
    } catch (const tare::input::UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--duration " + std::string(bad)), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(tare::input::parse_duration_ns("-1ms", "--x", true), tare::input::UsageError);
}

}  // namespace
