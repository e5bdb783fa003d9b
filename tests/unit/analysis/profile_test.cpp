// The rusage profiler's figures: counts per operation measured in each fork, then the mean
// and 95% interval over forks, on forks whose counts are known.
#include "analysis/profile.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using tare::results::Fork;
using tare::results::ProfileMetric;

Fork fork_with(std::uint64_t ops_per_sample, int samples, long minor_faults, long max_rss_kib) {
  Fork f;
  for (int i = 0; i < samples; ++i) {
    tare::results::Sample s;
    s.ops = ops_per_sample;
    f.samples.push_back(s);
  }
  f.resources.minor_faults = minor_faults;
  f.resources.voluntary_switches = 1;
  f.resources.max_rss_kib = max_rss_kib;
  return f;
}

const ProfileMetric& metric(const std::vector<ProfileMetric>& profile, const std::string& name) {
  for (const auto& m : profile)
    if (m.name == name) return m;
  throw std::runtime_error("no " + name);
}

TEST(RusageProfile, CountsPerOperationThenMeanAndIntervalOverForks) {
  // 1000 operations per fork: 4000 and 4100 faults are 4.0 and 4.1 per operation.
  const Fork a = fork_with(100, 10, 4000, 2048), b = fork_with(250, 4, 4100, 4096);
  const auto profile = tare::analysis::rusage_profile({&a, &b});
  ASSERT_EQ(profile.size(), 5u);
  const auto& minor = metric(profile, "minor_faults");
  EXPECT_EQ(minor.unit, "/op");
  EXPECT_EQ(minor.forks, 2);
  EXPECT_DOUBLE_EQ(minor.mean, 4.05);
  ASSERT_TRUE(minor.ci);
  // t(0.975, 1) = 12.706; sd of {4.0, 4.1} = 0.0707; half-width 12.706 * 0.0707 / sqrt(2) = 0.635.
  EXPECT_NEAR((minor.ci->high - minor.ci->low) / 2, 0.6353, 1e-3);
  EXPECT_DOUBLE_EQ(metric(profile, "voluntary_switches").mean, 0.001);
  EXPECT_DOUBLE_EQ(metric(profile, "major_faults").mean, 0);
  const auto& peak = metric(profile, "max_rss");
  EXPECT_EQ(peak.unit, "KiB");
  EXPECT_DOUBLE_EQ(peak.mean, 3072);
}

TEST(RusageProfile, OneForkHasNoIntervalAndNoMeasuredOperationsNoFigures) {
  const Fork one = fork_with(10, 10, 50, 1000);
  const auto profile = tare::analysis::rusage_profile({&one});
  ASSERT_FALSE(profile.empty());
  EXPECT_DOUBLE_EQ(metric(profile, "minor_faults").mean, 0.5);
  EXPECT_FALSE(metric(profile, "minor_faults").ci);
  const Fork empty;
  EXPECT_TRUE(tare::analysis::rusage_profile({&empty}).empty());
}

// The counts cover every sample measured while they ran: when the fork's analysis moves its
// first measured samples into the warmup, the figures still divide by all their operations.
TEST(RusageProfile, SamplesMovedIntoTheWarmupStillCountAsTheCountsOperations) {
  Fork moved = fork_with(100, 5, 4000, 2048);  // 500 operations left scored...
  moved.resources.ops = 1000;                  // ...of the 1000 the counts covered
  const Fork plain = fork_with(100, 10, 4000, 2048);
  const auto profile = tare::analysis::rusage_profile({&moved, &plain});
  EXPECT_DOUBLE_EQ(metric(profile, "minor_faults").mean, 4.0);
}

// A count that repeats to the unit in every fork is exact: that number, an interval of no
// width. A spread, a fraction or no value at all is not.
TEST(ProfileMetric, TheSameWholeNumberInEveryForkIsExact) {
  using tare::analysis::metric_over_forks;
  using tare::analysis::same_whole_number;
  const auto thousand = metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {1000, 1000, 1000});
  EXPECT_TRUE(thousand.exact);
  EXPECT_EQ(thousand.mean, 1000.0);
  ASSERT_TRUE(thousand.ci);
  EXPECT_EQ(thousand.ci->low, 1000.0);
  EXPECT_EQ(thousand.ci->high, 1000.0);
  EXPECT_TRUE(metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {0, 0}).exact);
  EXPECT_TRUE(metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {7}).exact);
  EXPECT_FALSE(metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {1000, 1001}).exact);
  EXPECT_FALSE(metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {2.5, 2.5}).exact);
  EXPECT_FALSE(metric_over_forks(tare::results::Profiler::alloc, "allocations", "/op", {}).exact);
  EXPECT_FALSE(same_whole_number({std::nan(""), std::nan("")}));
  EXPECT_FALSE(same_whole_number({0x1p60, 0x1p60}));  // whole, but past what a double holds exactly
  EXPECT_FALSE(same_whole_number({4.000001, 4.000001}));
}

}  // namespace
