// How long samples took as time passed, by the process's age at each sample's end, beside
// their own (timed) time: what bounds the warmup.
#include "analysis/warmup.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using tare::analysis::last_passed_ns;
using tare::analysis::passed_ns;
using tare::results::Sample;

Sample aged_sample(double ns, double age_ns) {
  Sample s;
  s.ops = 1;
  s.ns = ns;
  s.age_ns = age_ns;
  return s;
}

// A benchmark that pauses its timer: 1 ms of its own time in each sample, 24 ms as time passed.
TEST(PassedTime, APausingBenchmarksSamplesTookLongerThanTheirOwnTime) {
  const std::vector<Sample> samples{aged_sample(1e6, 30e6), aged_sample(1e6, 54e6), aged_sample(1e6, 78e6)};
  EXPECT_DOUBLE_EQ(passed_ns(samples), 78e6 - 30e6 + 1e6);
  EXPECT_DOUBLE_EQ(last_passed_ns(samples), 24e6);
}

TEST(PassedTime, NeverLessThanTheSamplesOwnTime) {
  // Ages that say less than the samples' own time (a clock's rounding) do not shorten it.
  const std::vector<Sample> samples{aged_sample(2e6, 10e6), aged_sample(2e6, 11e6)};
  EXPECT_DOUBLE_EQ(passed_ns(samples), 4e6);
  EXPECT_DOUBLE_EQ(last_passed_ns(samples), 2e6);
}

TEST(PassedTime, WithoutAgesItIsTheSamplesOwnTime) {
  const std::vector<Sample> samples{aged_sample(1e6, -1), aged_sample(3e6, 50e6)};
  EXPECT_DOUBLE_EQ(passed_ns(samples), 4e6);
  EXPECT_DOUBLE_EQ(last_passed_ns(samples), 3e6);
  EXPECT_DOUBLE_EQ(last_passed_ns({aged_sample(5e6, 60e6)}), 5e6);  // no sample before it
}

}  // namespace
