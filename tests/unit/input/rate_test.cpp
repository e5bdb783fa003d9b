// Rates: events per second, with an optional SI prefix and an optional "/s".
#include "input/rate.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using tare::input::parse_rate;
using tare::input::UsageError;

TEST(Rate, PrefixesAndPerSecondMeanTheSame) {
  EXPECT_EQ(parse_rate("50000", "--rate", 1'000'000), 50'000u);
  EXPECT_EQ(parse_rate("50000/s", "--rate", 1'000'000), 50'000u);
  EXPECT_EQ(parse_rate("10k/s", "--rate", 1'000'000), 10'000u);
  EXPECT_EQ(parse_rate("10K", "--rate", 1'000'000), 10'000u);
  EXPECT_EQ(parse_rate("1.5M/s", "--rate", 2'000'000), 1'500'000u);
  EXPECT_EQ(parse_rate("1G", "--rate", 1'000'000'000), 1'000'000'000u);
}

TEST(Rate, RefusalsNameTheFlagTheTextAndAnExample) {
  for (const char* bad : {"0", "-5", "1.5", "2M", "k", "k/s", "10/m", "10k/ms", "nan", "1e999", "10 k"}) {
    try {
      parse_rate(bad, "--probe", 1'000'000);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(std::string("--probe ") + bad + ": expected a whole number of events per second", 0), 0u)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("like 50000, 50k or 1.5M/s"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
