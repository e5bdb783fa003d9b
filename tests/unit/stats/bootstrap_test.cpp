#include "stats/bootstrap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"
#include "synthetic.hpp"

namespace tare::stats {
namespace {

using testing::mean_of_fork_means;

using Forks = std::vector<std::vector<double>>;

Forks some_forks() {
  std::mt19937_64 rng(3);
  return testing::hierarchical_sample(rng, 8, 15, 100.0, 3.0, 5.0);
}

TEST(HierarchicalBootstrap, SameSeedSameIntervalOtherSeedOtherInterval) {
  const Forks forks = some_forks();
  BootstrapOptions options;
  options.resamples = 500;
  const auto a = hierarchical_bootstrap_mean(forks, options);
  const auto b = hierarchical_bootstrap_mean(forks, options);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  options.seed = 2;
  const auto c = hierarchical_bootstrap_mean(forks, options);
  EXPECT_TRUE(a.low != c.low || a.high != c.high);

  options.seed = 1;
  const auto m1 = hierarchical_bootstrap_median(forks, options);
  const auto m2 = hierarchical_bootstrap_median(forks, options);
  EXPECT_EQ(m1.low, m2.low);
  EXPECT_EQ(m1.high, m2.high);
  options.seed = 2;
  const auto m3 = hierarchical_bootstrap_median(forks, options);
  EXPECT_TRUE(m1.low != m3.low || m1.high != m3.high);
}

TEST(HierarchicalBootstrap, ResultsArePinnedAcrossStandardLibraries) {
  // mt19937_64 is fully specified by the standard and the index drawing is our own, so
  // these exact draws must come out of every conforming standard library.
  const Forks forks = {{0, 1, 2, 3, 4}, {10, 11, 12, 13, 14}, {20, 21, 22, 23, 24}};
  std::mt19937_64 rng(42);
  Forks out;
  hierarchical_resample(forks, 1, rng, out);
  EXPECT_EQ(out, (Forks{{23, 23, 20, 24, 20}, {11, 11, 11, 10, 12}, {23, 24, 24, 23, 22}}));
}

TEST(HierarchicalBootstrap, ConstantDataGivesAZeroWidthInterval) {
  const auto singles = hierarchical_bootstrap_mean({{5.0}, {5.0}, {5.0}});
  EXPECT_EQ(singles.resamples, 2000u);
  EXPECT_EQ(singles.estimate, 5.0);
  EXPECT_EQ(singles.low, 5.0);
  EXPECT_EQ(singles.high, 5.0);

  const Forks equal = {{7, 7, 7}, {7, 7}, {7, 7, 7, 7}};
  for (const auto& ci :
       {hierarchical_bootstrap_mean(equal), hierarchical_bootstrap_median(equal)}) {
    EXPECT_EQ(ci.resamples, 2000u);
    EXPECT_EQ(ci.estimate, 7.0);
    EXPECT_EQ(ci.low, 7.0);
    EXPECT_EQ(ci.high, 7.0);
  }
}

TEST(HierarchicalBootstrap, NeedsTwoNonEmptyForks) {
  const auto none = hierarchical_bootstrap_mean({});
  EXPECT_EQ(none.resamples, 0u);
  EXPECT_TRUE(std::isnan(none.estimate));

  const auto one = hierarchical_bootstrap_mean({{}, {1, 2, 3}, {}});
  EXPECT_EQ(one.resamples, 0u);
  EXPECT_EQ(one.estimate, 2.0);
  EXPECT_EQ(one.low, 2.0);
  EXPECT_EQ(one.high, 2.0);
  EXPECT_EQ(hierarchical_bootstrap_median({{1, 2, 3}}).resamples, 0u);

  // Empty forks are ignored, not counted as forks with mean NaN or 0.
  const auto two = hierarchical_bootstrap_mean({{1}, {}, {3}});
  EXPECT_EQ(two.resamples, 2000u);
  EXPECT_EQ(two.estimate, 2.0);
  EXPECT_EQ(two.low, 1.0);
  EXPECT_EQ(two.high, 3.0);
}

TEST(HierarchicalBootstrap, NotComputedForBadOptionsOrData) {
  const Forks forks = some_forks();
  BootstrapOptions no_resamples;
  no_resamples.resamples = 0;
  EXPECT_EQ(hierarchical_bootstrap_mean(forks, no_resamples).resamples, 0u);
  for (double level : {0.0, 1.0, -0.5, std::numeric_limits<double>::quiet_NaN()}) {
    BootstrapOptions bad;
    bad.level = level;
    EXPECT_EQ(hierarchical_bootstrap_mean(forks, bad).resamples, 0u) << level;
  }
  Forks with_nan = forks;
  with_nan[2][4] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(hierarchical_bootstrap_mean(with_nan).resamples, 0u);
  EXPECT_EQ(hierarchical_bootstrap_median(with_nan).resamples, 0u);
}

TEST(HierarchicalBootstrap, EstimateIsMeanOfForkMeansAndPooledMedian) {
  // Fork means 2 and 10: the grand mean weighs forks equally (6), not samples (4).
  const auto m = hierarchical_bootstrap_mean({{1, 2, 3}, {10}});
  EXPECT_DOUBLE_EQ(m.estimate, 6.0);
  EXPECT_EQ(hierarchical_bootstrap_median({{1, 2, 3}, {10}}).estimate, 2.5);
  EXPECT_EQ(hierarchical_bootstrap_median({{1, 2, 3}, {10, 20}}).estimate, 3.0);

  const Forks forks = some_forks();
  const auto ci = hierarchical_bootstrap_mean(forks);
  EXPECT_DOUBLE_EQ(ci.estimate, mean_of_fork_means(forks));
  EXPECT_LT(ci.low, ci.estimate);
  EXPECT_GT(ci.high, ci.estimate);
  EXPECT_EQ(ci.level, 0.95);

  std::vector<double> pooled;
  for (const auto& f : forks) pooled.insert(pooled.end(), f.begin(), f.end());
  const auto med = hierarchical_bootstrap_median(forks);
  EXPECT_EQ(med.estimate, median(pooled));
  EXPECT_LT(med.low, med.estimate);
  EXPECT_GT(med.high, med.estimate);
}

TEST(HierarchicalBootstrap, OneReplicateIsOneHierarchicalResample) {
  // With B = 1 both percentile ranks are 0, so the interval is the single replicate: it
  // must be the statistic of the resample the building block draws from the same seed.
  const Forks forks = {{1, 5, 2}, {}, {40, 41, 47, 49}, {7, 3}};
  for (std::size_t block : {1u, 2u, 3u}) {
    BootstrapOptions options;
    options.resamples = 1;
    options.seed = 77;
    options.block_length = block;
    std::mt19937_64 rng(77);
    Forks out;
    hierarchical_resample(forks, block, rng, out);
    const auto m = hierarchical_bootstrap_mean(forks, options);
    EXPECT_DOUBLE_EQ(m.low, mean_of_fork_means(out)) << block;
    EXPECT_EQ(m.low, m.high);

    std::vector<double> pooled;
    for (const auto& f : out) pooled.insert(pooled.end(), f.begin(), f.end());
    const auto med = hierarchical_bootstrap_median(forks, options);
    EXPECT_EQ(med.low, median(pooled)) << block;
  }
}

// Fork f holds 100 f + j at position j, so every value tells where it came from.
Forks labelled_forks(const std::vector<std::size_t>& sizes) {
  Forks forks;
  for (std::size_t f = 0; f < sizes.size(); ++f) {
    forks.emplace_back();
    for (std::size_t j = 0; j < sizes[f]; ++j) {
      forks.back().push_back(static_cast<double>(100 * f + j));
    }
  }
  return forks;
}

TEST(HierarchicalResample, EachSlotComesFromOneForkAndKeepsItsLength) {
  const std::vector<std::size_t> sizes = {5, 7, 1, 12, 3};
  const Forks forks = labelled_forks(sizes);
  std::mt19937_64 rng(5);
  Forks out;
  for (std::size_t block : {1u, 3u, 4u, 20u}) {
    for (int round = 0; round < 50; ++round) {
      hierarchical_resample(forks, block, rng, out);
      ASSERT_EQ(out.size(), forks.size());
      for (const auto& slot : out) {
        ASSERT_FALSE(slot.empty());
        const auto f = static_cast<std::size_t>(slot[0] / 100.0);
        const std::size_t m = sizes[f];
        ASSERT_EQ(slot.size(), m);  // a replicate fork is as long as its source
        for (std::size_t p = 0; p < slot.size(); ++p) {
          ASSERT_EQ(static_cast<std::size_t>(slot[p] / 100.0), f);
          // Within a block (length min(block, m)) values follow circularly.
          const std::size_t length = std::min(block, m);
          if (block > 1 && p % length != 0) {
            const auto prev = static_cast<std::size_t>(slot[p - 1]) % 100;
            const auto here = static_cast<std::size_t>(slot[p]) % 100;
            ASSERT_EQ(here, (prev + 1) % m);
          }
        }
      }
    }
  }
}

TEST(HierarchicalResample, SkipsEmptyForksAndReusesOutput) {
  const Forks forks = {{}, {1, 2}, {}, {3}};
  std::mt19937_64 rng(9);
  Forks out = {{9, 9, 9, 9}, {9}, {9}, {9}, {9}};
  hierarchical_resample(forks, 1, rng, out);
  ASSERT_EQ(out.size(), 2u);
  for (const auto& slot : out) {
    EXPECT_TRUE(slot == std::vector<double>{3} ||
                (slot.size() == 2 && slot[0] >= 1 && slot[0] <= 2 && slot[1] >= 1 &&
                 slot[1] <= 2));
  }
}

TEST(HierarchicalBootstrap, ResamplesWithinForks) {
  // Two identical forks {0, 100}: redrawing forks alone always gives the grand mean 50,
  // so any width comes from resampling inside the forks (fork means 0, 50 or 100).
  const Forks forks = {{0, 100}, {0, 100}};
  const auto ci = hierarchical_bootstrap_mean(forks);
  EXPECT_EQ(ci.estimate, 50.0);
  EXPECT_EQ(ci.low, 0.0);  // both forks resampled to {0, 0}: probability 1/16
  EXPECT_EQ(ci.high, 100.0);

  // Blocks as long as the fork only rotate it ({0,100} or {100,0}): mean 50 every time.
  // So the block length really is used, and resampling within is the only source above.
  BootstrapOptions whole_fork_blocks;
  whole_fork_blocks.block_length = 2;
  const auto rotated = hierarchical_bootstrap_mean(forks, whole_fork_blocks);
  EXPECT_EQ(rotated.low, 50.0);
  EXPECT_EQ(rotated.high, 50.0);
}

TEST(HierarchicalBootstrap, ResamplesForks) {
  // Constant within each fork: resampling within changes nothing, so any width comes
  // from redrawing forks (grand means 1, 2 or 3).
  const auto ci = hierarchical_bootstrap_mean({{1, 1, 1}, {3, 3, 3}});
  EXPECT_EQ(ci.low, 1.0);
  EXPECT_EQ(ci.high, 3.0);
}

TEST(HierarchicalBootstrap, WiderLevelWiderInterval) {
  const Forks forks = some_forks();
  BootstrapOptions ninety;
  ninety.level = 0.90;
  BootstrapOptions ninety_nine;
  ninety_nine.level = 0.99;
  const auto narrow = hierarchical_bootstrap_mean(forks, ninety);
  const auto wide = hierarchical_bootstrap_mean(forks, ninety_nine);
  EXPECT_EQ(narrow.level, 0.90);
  EXPECT_LT(wide.low, narrow.low);
  EXPECT_GT(wide.high, narrow.high);
}

}  // namespace
}  // namespace tare::stats
