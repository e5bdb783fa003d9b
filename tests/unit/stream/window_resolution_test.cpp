// Tests of the window-resolution warning (window_resolution.hpp) on the stall case of
// issue 16, whose truth is known: a FIFO server at 0.6 of its capacity, stalled 0.5 s every
// 5 s, has event-time p90/p95/p99 = 0.30/0.40/0.48 s. Default 1 s windows against those
// must warn and name the option; 1 ms windows must not.
#include "stream/verdict/window_resolution.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace tare::stream {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr std::int64_t kMsNs = 1'000'000;

const std::vector<LatencyPercentile> kStallTruth{{90, 0.30e9}, {95, 0.40e9}, {99, 0.48e9}};

TEST(WindowResolution, OneSecondWindowsAgainstSubSecondLatenciesWarn) {
  const auto warning = window_resolution_warning(1000 * kMsNs, kStallTruth);
  ASSERT_TRUE(warning.has_value());
  EXPECT_THAT(*warning, HasSubstr("p90 300 ms, p95 400 ms, p99 480 ms"));
  EXPECT_THAT(*warning, HasSubstr("can be off by up to a window (1 s)"));
  EXPECT_THAT(*warning, HasSubstr("use --window 20ms or shorter"));  // a tenth of 300 ms, 1-2-5
}

TEST(WindowResolution, MillisecondWindowsDoNot) {
  EXPECT_FALSE(window_resolution_warning(kMsNs, kStallTruth).has_value());
  EXPECT_FALSE(window_resolution_warning(30 * kMsNs, kStallTruth).has_value());  // exactly a tenth
}

TEST(WindowResolution, OnlyThePercentilesThatReadShortAreNamed) {
  const auto warning = window_resolution_warning(10 * kMsNs, {{50, 2e6}, {99, 0.48e9}});
  ASSERT_TRUE(warning.has_value());
  EXPECT_THAT(*warning, HasSubstr("p50 2 ms:"));
  EXPECT_THAT(*warning, Not(HasSubstr("p99")));
  EXPECT_THAT(*warning, HasSubstr("use --window 200us or shorter"));
}

TEST(WindowResolution, NoOutputsNoJudgement) {
  EXPECT_FALSE(window_resolution_warning(1000 * kMsNs, {{50, 0}, {99, 0}}).has_value());
  EXPECT_THROW(window_resolution_warning(0, kStallTruth), std::invalid_argument);
  EXPECT_THROW(window_resolution_warning(kMsNs, kStallTruth, 1.0), std::invalid_argument);
}

TEST(WindowResolution, RoundsDownOnTheOneTwoFiveSeries) {
  EXPECT_EQ(round_down_125(30e6), 20'000'000);
  EXPECT_EQ(round_down_125(48e6), 20'000'000);
  EXPECT_EQ(round_down_125(50e6), 50'000'000);
  EXPECT_EQ(round_down_125(1e7), 10'000'000);
  EXPECT_EQ(round_down_125(9.99e5), 500'000);
  EXPECT_EQ(round_down_125(10), 1'000);  // never below 1 µs
}

}  // namespace
}  // namespace tare::stream
