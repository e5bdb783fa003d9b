// Which CPUs the two processes of a `tare ab` pair get: the same ones in lock-step, disjoint
// halves that swap sides every pair in a duet.
#include "ab/pair_cpus.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace tare::ab {
namespace {

using Cpus = std::vector<int>;

TEST(PairCpus, LockStepPutsBothSidesOnTheSameCpusAndRotates) {
  const Cpus allowed = {0, 1, 2, 3};
  for (int p = 0; p < 4; ++p) {
    const auto cpus = pair_cpus(allowed, 1, p, false);
    EXPECT_EQ(cpus.base, Cpus{p});
    EXPECT_EQ(cpus.candidate, cpus.base);
  }
  // Two threads: two CPUs each pair, wrapping around.
  EXPECT_EQ(pair_cpus(allowed, 2, 1, false).base, (Cpus{2, 3}));
  EXPECT_EQ(pair_cpus({0, 1, 2}, 2, 1, false).base, (Cpus{2, 0}));
  // More threads than CPUs: all of them.
  EXPECT_EQ(pair_cpus({0, 1}, 8, 0, false).base, (Cpus{0, 1}));
  // Nothing known: leave the processes unpinned.
  EXPECT_TRUE(pair_cpus({}, 1, 0, false).base.empty());
}

TEST(PairCpus, DuetGivesTheSidesDisjointHalvesThatSwapEveryPair) {
  const Cpus allowed = {0, 1};
  EXPECT_EQ(pair_cpus(allowed, 1, 0, true).base, Cpus{0});
  EXPECT_EQ(pair_cpus(allowed, 1, 0, true).candidate, Cpus{1});
  EXPECT_EQ(pair_cpus(allowed, 1, 1, true).base, Cpus{1});
  EXPECT_EQ(pair_cpus(allowed, 1, 1, true).candidate, Cpus{0});
  EXPECT_TRUE(pair_cpus({3}, 1, 0, true).base.empty());  // one CPU: no duet (the caller refuses it)
}

TEST(PairCpus, OverAnEvenNumberOfPairsEachSideHasEveryCpuEquallyOften) {
  const Cpus allowed = {4, 5, 6, 7, 8, 9};  // not starting at 0; three per half
  std::map<int, int> base_uses, candidate_uses;
  for (int p = 0; p < 12; ++p) {
    const auto cpus = pair_cpus(allowed, 1, p, true);
    ASSERT_EQ(cpus.base.size(), 1u);
    ASSERT_EQ(cpus.candidate.size(), 1u);
    EXPECT_NE(cpus.base, cpus.candidate);
    ++base_uses[cpus.base[0]];
    ++candidate_uses[cpus.candidate[0]];
  }
  for (int cpu : allowed) {
    EXPECT_EQ(base_uses[cpu], 2) << cpu;
    EXPECT_EQ(candidate_uses[cpu], 2) << cpu;
  }
}

TEST(PairCpus, DuetThreadsStayInTheirHalf) {
  const Cpus allowed = {0, 1, 2, 3, 4};  // odd: the last CPU is left out so the halves match
  const auto cpus = pair_cpus(allowed, 4, 0, true);
  EXPECT_EQ(cpus.base, (Cpus{0, 1}));
  EXPECT_EQ(cpus.candidate, (Cpus{2, 3}));
  for (int p = 0; p < 6; ++p) {
    const auto c = pair_cpus(allowed, 2, p, true);
    for (int cpu : c.base) EXPECT_EQ(std::count(c.candidate.begin(), c.candidate.end(), cpu), 0);
  }
}

}  // namespace
}  // namespace tare::ab
