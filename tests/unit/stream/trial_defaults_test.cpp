// Tests of a trial's default timings and backlog cap (trial_defaults.hpp).
#include "stream/trials/trial_defaults.hpp"

#include <gtest/gtest.h>

namespace tare::stream {
namespace {

constexpr std::int64_t kOneMsNs = 1'000'000;

TEST(TrialDefaults, WarmupIsTheFirstFifth) { EXPECT_EQ(default_warmup_ns(10'000 * kOneMsNs), 2'000 * kOneMsNs); }

TEST(TrialDefaults, IntervalIsAThirtiethInWholeMillisecondsWithinItsBounds) {
  EXPECT_EQ(default_interval_ns(10'000 * kOneMsNs), 333 * kOneMsNs);
  EXPECT_EQ(default_interval_ns(100 * kOneMsNs), 10 * kOneMsNs);          // at least 10 ms
  EXPECT_EQ(default_interval_ns(3'600'000 * kOneMsNs), 1'000 * kOneMsNs);  // at most 1 s
}

TEST(TrialDefaults, SamplingIsTheIntervalAtMostATenthOfASecond) {
  EXPECT_EQ(default_sample_ns(50 * kOneMsNs), 50 * kOneMsNs);
  EXPECT_EQ(default_sample_ns(333 * kOneMsNs), 100 * kOneMsNs);
}

TEST(TrialDefaults, BacklogCapIsSecondsAtThePeakRateWithinItsBounds) {
  EXPECT_EQ(backlog_cap_events(10, 40'000, 1), 400'000u);
  EXPECT_EQ(backlog_cap_events(0.001, 100, 4), 4u);              // one event per generator at least
  EXPECT_EQ(backlog_cap_events(10, 100'000'000, 1), 1u << 24);  // 400 MB at most
}

}  // namespace
}  // namespace tare::stream
