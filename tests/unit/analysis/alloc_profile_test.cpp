// The alloc profiler's figures: the counter's totals per operation it saw in each fork, then
// the mean and 95% interval over forks, on forks that counted any operation.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/profile.hpp"

namespace {

using tare::results::Allocations;
using tare::results::Fork;
using tare::results::ProfileMetric;

Fork fork_counting(Allocations counted) {
  Fork f;
  f.allocations = counted;
  return f;
}

const ProfileMetric& alloc_metric(const std::vector<ProfileMetric>& profile, const std::string& name) {
  for (const auto& m : profile)
    if (m.name == name) return m;
  throw std::runtime_error("no " + name);
}

TEST(AllocProfile, ThreeBlocksOf64BytesPerOperationAreExactlyThreeAnd192Bytes) {
  const Fork a = fork_counting({1000, 3000, 3000, 192000, 216}), b = fork_counting({4096, 12288, 12288, 786432, 216});
  const auto profile = tare::analysis::alloc_profile({&a, &b});
  ASSERT_EQ(profile.size(), 4u);
  for (const auto& m : profile) EXPECT_EQ(m.profiler, tare::results::Profiler::alloc);
  const auto& allocations = alloc_metric(profile, "allocations");
  EXPECT_EQ(allocations.unit, "/op");
  EXPECT_EQ(allocations.forks, 2);
  EXPECT_EQ(allocations.mean, 3.0);
  ASSERT_TRUE(allocations.ci);
  EXPECT_EQ(allocations.ci->low, 3.0);  // the same in every fork: no spread
  EXPECT_EQ(allocations.ci->high, 3.0);
  EXPECT_TRUE(allocations.exact);
  EXPECT_EQ(alloc_metric(profile, "frees").mean, 3.0);
  EXPECT_EQ(alloc_metric(profile, "bytes_allocated").unit, "B/op");
  EXPECT_EQ(alloc_metric(profile, "bytes_allocated").mean, 192.0);
  const auto& peak = alloc_metric(profile, "peak_live_bytes");
  EXPECT_EQ(peak.unit, "B");
  EXPECT_EQ(peak.mean, 216.0);
}

TEST(AllocProfile, FiguresVaryOverForksWithAnInterval) {
  // 1 and 2 allocations per operation: mean 1.5, t(0.975, 1) * sd / sqrt(2) = 12.706 * 0.7071 / 1.4142.
  const Fork a = fork_counting({100, 100, 100, 800, 64}), b = fork_counting({100, 200, 150, 1600, 128});
  const auto profile = tare::analysis::alloc_profile({&a, &b});
  const auto& allocations = alloc_metric(profile, "allocations");
  EXPECT_DOUBLE_EQ(allocations.mean, 1.5);
  ASSERT_TRUE(allocations.ci);
  EXPECT_NEAR((allocations.ci->high - allocations.ci->low) / 2, 6.353, 1e-3);
  EXPECT_FALSE(allocations.exact);
  EXPECT_DOUBLE_EQ(alloc_metric(profile, "frees").mean, 1.25);
  EXPECT_DOUBLE_EQ(alloc_metric(profile, "peak_live_bytes").mean, 96);
}

TEST(AllocProfile, ForksWithoutCountsOrOperationsAreLeftOut) {
  const Fork counted = fork_counting({10, 0, 0, 0, 0});
  const Fork uncounted;                           // a worker without --prof alloc
  const Fork nothing = fork_counting({0, 5, 5, 40, 40});  // no measured operation
  const auto profile = tare::analysis::alloc_profile({&counted, &uncounted, &nothing});
  ASSERT_EQ(profile.size(), 4u);
  const auto& allocations = alloc_metric(profile, "allocations");
  EXPECT_EQ(allocations.forks, 1);
  EXPECT_EQ(allocations.mean, 0.0);
  EXPECT_FALSE(allocations.ci);  // one fork: no interval
  EXPECT_TRUE(tare::analysis::alloc_profile({&uncounted, &nothing}).empty());
}

// The forks a profiler counted in: its own, that ran to the end; not another profiler's,
// nor the scored ones.
TEST(ProfilingForks, AProfilersFiguresComeFromItsOwnForksThatRanToTheEnd) {
  tare::results::Benchmark b;
  b.forks.push_back(fork_counting({10, 10, 10, 80, 8}));
  b.profiling_forks.push_back({tare::results::Profiler::alloc, fork_counting({10, 30, 30, 80, 8})});
  b.profiling_forks.push_back({tare::results::Profiler::perf, Fork{}});
  Fork failed = fork_counting({10, 50, 50, 80, 8});
  failed.ok = false;
  b.profiling_forks.push_back({tare::results::Profiler::alloc, failed});
  const auto alloc = tare::analysis::profiling_forks_of(b, tare::results::Profiler::alloc);
  ASSERT_EQ(alloc.size(), 1u);
  EXPECT_EQ(alloc.front(), &b.profiling_forks.front().fork);
  EXPECT_EQ(tare::analysis::profiling_forks_of(b, tare::results::Profiler::perf).size(), 1u);
  EXPECT_TRUE(tare::analysis::profiling_forks_of(b, tare::results::Profiler::rusage).empty());
}

TEST(ProfilingForks, AsManyAsTheScoredForksAtLeastUpToThree) {
  EXPECT_EQ(tare::analysis::profiling_forks_wanted(1), 1);
  EXPECT_EQ(tare::analysis::profiling_forks_wanted(2), 2);
  EXPECT_EQ(tare::analysis::profiling_forks_wanted(5), 3);
  EXPECT_EQ(tare::analysis::profiling_forks_wanted(0), 1);
}

}  // namespace
