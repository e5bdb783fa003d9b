// --prof perf's figures: each fork's counts scaled for multiplexing and divided by its
// measured operations, then mean and 95% interval over forks; events that never ran are
// not counted (no mean), never zero.
#include "analysis/perf_profile.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using tare::results::CounterReading;
using tare::results::Fork;
using tare::results::ProfileMetric;

Fork counted_fork(std::uint64_t ops, std::vector<CounterReading> readings) {
  Fork f;
  f.perf_ops = ops;
  f.perf_readings = std::move(readings);
  return f;
}

const ProfileMetric& perf_metric(const std::vector<ProfileMetric>& profile, const std::string& name) {
  for (const auto& m : profile)
    if (m.name == name) return m;
  throw std::runtime_error("no " + name);
}

TEST(PerfProfile, ScaledCountsPerOperationThenMeanAndIntervalOverForks) {
  // cycles ran half the time in the first fork: 1000 raw over 500 ops is 4 per op scaled;
  // the second ran throughout: 2100 over 500 is 4.2.
  const Fork a = counted_fork(500, {{"cycles", 1000, 200, 100}, {"page-faults", 2000, 200, 200}});
  const Fork b = counted_fork(500, {{"cycles", 2100, 300, 300}, {"page-faults", 2050, 300, 300}});
  const auto profile = tare::analysis::perf_profile({&a, &b});
  ASSERT_EQ(profile.size(), 2u);
  EXPECT_EQ(profile[0].name, "cycles");  // the order the forks counted them
  const auto& cycles = perf_metric(profile, "cycles");
  EXPECT_EQ(cycles.profiler, tare::results::Profiler::perf);
  EXPECT_EQ(cycles.unit, "/op");
  EXPECT_EQ(cycles.forks, 2);
  EXPECT_DOUBLE_EQ(cycles.mean, 4.1);
  ASSERT_TRUE(cycles.ci);
  // t(0.975, 1) = 12.706; sd of {4.0, 4.2} = 0.1414; half-width 12.706 * 0.1414 / sqrt(2) = 1.2706.
  EXPECT_NEAR((cycles.ci->high - cycles.ci->low) / 2, 1.2706, 1e-3);
  ASSERT_TRUE(cycles.time_counted);
  EXPECT_DOUBLE_EQ(*cycles.time_counted, 0.75);
  EXPECT_DOUBLE_EQ(perf_metric(profile, "page-faults").mean, 4.05);
  EXPECT_DOUBLE_EQ(*perf_metric(profile, "page-faults").time_counted, 1);
}

TEST(PerfProfile, AnEventThatNeverRanIsNotCountedAndOneThatRanInSomeForksCountsThere) {
  const Fork a = counted_fork(100, {{"cycles", 0, 500, 0}, {"instructions", 0, 500, 0}});
  const Fork b = counted_fork(100, {{"cycles", 0, 500, 0}, {"instructions", 300, 500, 250}});
  const auto profile = tare::analysis::perf_profile({&a, &b});
  ASSERT_EQ(profile.size(), 2u);
  const auto& cycles = perf_metric(profile, "cycles");
  EXPECT_EQ(cycles.forks, 0);
  EXPECT_TRUE(std::isnan(cycles.mean));
  EXPECT_FALSE(cycles.ci);
  EXPECT_DOUBLE_EQ(*cycles.time_counted, 0);
  const auto& instructions = perf_metric(profile, "instructions");
  EXPECT_EQ(instructions.forks, 1);
  EXPECT_DOUBLE_EQ(instructions.mean, 6);  // 300 × 500 / 250 over 100 ops
  EXPECT_FALSE(instructions.ci);
  EXPECT_DOUBLE_EQ(*instructions.time_counted, 0.5);
}

TEST(PerfProfile, ForksWithoutCountsOrOperationsGiveNoFigures) {
  const Fork plain;
  const Fork no_ops = counted_fork(0, {{"cycles", 10, 10, 10}});
  EXPECT_TRUE(tare::analysis::perf_profile({&plain, &no_ops}).empty());
  EXPECT_TRUE(tare::analysis::perf_profile({}).empty());
}

}  // namespace
