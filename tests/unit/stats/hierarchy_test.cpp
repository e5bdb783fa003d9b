#include "stats/hierarchy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

// libkalibera tests/test_data.py, test_worked_example_3_level: 3 builds x 2 executions x
// 2 iterations, {(0,0):[9,5], (0,1):[8,3], (1,0):[10,6], (1,1):[7,11], (2,0):[1,12],
// (2,1):[2,4]}, reps [3,2,2].
HierarchicalData worked_example_3_level() {
  return {{3, 2, 2}, {9, 5, 8, 3, 10, 6, 7, 11, 1, 12, 2, 4}};
}

// libkalibera test_si2_bigger_example / test_ti2 / test_optimal_reps_*: reps [2,2,3].
HierarchicalData second_dataset() {
  return {{2, 2, 3}, {3, 4, 3, 1.2, 3.1, 3, 0.2, 1, 1.5, 1, 2, 3}};
}

double round1(double x) { return std::round(x * 10.0) / 10.0; }

TEST(VarianceComponents, WorkedTwoLevelExample) {
  // libkalibera test_worked_example_2_level: S1^2 = 12.7, S2^2 = 3.6, T2^2 = 0.4 (rounded).
  // Exact: within = (22.75 + 17 + 74.75) / 3 / 3, group means 6.25, 8.5, 4.75.
  const auto vc = variance_components({{9, 5, 8, 3}, {10, 6, 7, 11}, {1, 12, 2, 4}});
  EXPECT_DOUBLE_EQ(vc.grand_mean, 6.5);
  EXPECT_NEAR(vc.within, 114.5 / 9.0, 1e-12);
  EXPECT_NEAR(vc.group_means, 3.5625, 1e-12);
  EXPECT_NEAR(vc.between, 3.5625 - 114.5 / 36.0, 1e-12);
  EXPECT_EQ(round1(vc.within), 12.7);
  EXPECT_EQ(round1(vc.group_means), 3.6);
  EXPECT_EQ(round1(vc.between), 0.4);
}

TEST(VarianceComponents, AgreesWithTheNLevelVersionOnBalancedData) {
  const auto vc = variance_components({{9, 5, 8, 3}, {10, 6, 7, 11}, {1, 12, 2, 4}});
  const HierarchicalData data{{3, 4}, {9, 5, 8, 3, 10, 6, 7, 11, 1, 12, 2, 4}};
  const auto s2 = hierarchical_s2(data);
  const auto t2 = hierarchical_t2(data);
  ASSERT_EQ(s2.size(), 2u);
  ASSERT_EQ(t2.size(), 2u);
  EXPECT_NEAR(vc.within, s2[0], 1e-12);
  EXPECT_NEAR(vc.group_means, s2[1], 1e-12);
  EXPECT_NEAR(vc.between, t2[1], 1e-12);
}

TEST(VarianceComponents, RecoversKnownComponentsFromSyntheticForks) {
  // 1,000 forks x 20 samples, sigma_between = 3, sigma_within = 5. The between estimate
  // has a relative SD of about 4.5% here, so +-15% is a > 3 SD band.
  std::mt19937_64 rng(7);
  std::normal_distribution<double> fork_offset(0.0, 3.0);
  std::vector<std::vector<double>> groups;
  for (int f = 0; f < 1000; ++f) {
    groups.push_back(testing::normal_sample(rng, 20, 50.0 + fork_offset(rng), 5.0));
  }
  const auto vc = variance_components(groups);
  EXPECT_NEAR(vc.within, 25.0, 25.0 * 0.10);
  EXPECT_NEAR(vc.between, 9.0, 9.0 * 0.15);
  EXPECT_NEAR(vc.grand_mean, 50.0, 0.5);
}

TEST(VarianceComponents, NegativeBetweenIsReportedAsIs) {
  // Identical fork means: all the variance of the means is explained by sample noise.
  const auto vc = variance_components({{1, 3}, {3, 1}});
  EXPECT_DOUBLE_EQ(vc.group_means, 0.0);
  EXPECT_DOUBLE_EQ(vc.within, 2.0);
  EXPECT_DOUBLE_EQ(vc.between, -1.0);
}

TEST(VarianceComponents, UnequalEmptyAndSingletonGroups) {
  // Empty groups are ignored; a singleton has a mean but no within-group variance;
  // r is the mean size of the non-empty groups: (3 + 1 + 2) / 3 = 2.
  const auto vc = variance_components({{1, 2, 3}, {}, {10}, {4, 6}});
  EXPECT_DOUBLE_EQ(vc.grand_mean, (2.0 + 10.0 + 5.0) / 3.0);
  EXPECT_DOUBLE_EQ(vc.within, (1.0 + 2.0) / 2.0);
  const double group_means = (std::pow(2.0 - 17.0 / 3, 2) + std::pow(10.0 - 17.0 / 3, 2) +
                              std::pow(5.0 - 17.0 / 3, 2)) / 2.0;
  EXPECT_NEAR(vc.group_means, group_means, 1e-12);
  EXPECT_NEAR(vc.between, group_means - 1.5 / 2.0, 1e-12);
}

TEST(VarianceComponents, FewerThanTwoGroups) {
  const auto none = variance_components({});
  EXPECT_EQ(none.grand_mean, 0.0);
  EXPECT_EQ(none.between, 0.0);
  const auto one = variance_components({{1, 3}});
  EXPECT_EQ(one.grand_mean, 2.0);
  EXPECT_EQ(one.within, 2.0);
  EXPECT_EQ(one.group_means, 0.0);
  EXPECT_EQ(one.between, 0.0);
}

TEST(Hierarchy, LevelMeansOfWorkedExample) {
  const auto data = worked_example_3_level();
  EXPECT_EQ(level_means(data, 1), data.values);
  EXPECT_EQ(level_means(data, 2), (std::vector<double>{7.0, 5.5, 8.0, 9.0, 6.5, 3.0}));
  EXPECT_EQ(level_means(data, 3), (std::vector<double>{6.25, 8.5, 4.75}));
  EXPECT_EQ(level_means(data, 4), (std::vector<double>{6.5}));  // grand mean
  EXPECT_TRUE(level_means(data, 0).empty());
  EXPECT_TRUE(level_means(data, 5).empty());
}

TEST(Hierarchy, KaliberaThreeLevelWorkedExample) {
  const auto data = worked_example_3_level();
  const auto s2 = hierarchical_s2(data);
  const auto t2 = hierarchical_t2(data);
  ASSERT_EQ(s2.size(), 3u);
  ASSERT_EQ(t2.size(), 3u);
  // Published (rounded to 0.1): S^2 = (16.5, 2.6, 3.6), T^2 = (16.5, -5.7, 2.3).
  EXPECT_EQ(round1(s2[0]), 16.5);
  EXPECT_EQ(round1(s2[1]), 2.6);
  EXPECT_EQ(round1(s2[2]), 3.6);
  EXPECT_EQ(round1(t2[0]), 16.5);
  EXPECT_EQ(round1(t2[1]), -5.7);
  EXPECT_EQ(round1(t2[2]), 2.3);
  // Exact values behind them.
  EXPECT_NEAR(s2[0], 99.0 / 6.0, 1e-12);
  EXPECT_NEAR(s2[1], 7.75 / 3.0, 1e-12);
  EXPECT_NEAR(s2[2], 3.5625, 1e-12);
  EXPECT_NEAR(t2[1], 7.75 / 3.0 - 16.5 / 2.0, 1e-12);
  EXPECT_NEAR(t2[2], 3.5625 - 7.75 / 6.0, 1e-12);
}

TEST(Hierarchy, KaliberaSecondDataset) {
  const auto t2 = hierarchical_t2(second_dataset());
  ASSERT_EQ(t2.size(), 3u);
  EXPECT_NEAR(t2[0], 0.7266667, 1e-4);
  EXPECT_NEAR(t2[1], 0.262777778, 1e-4);
  EXPECT_NEAR(t2[2], 0.7747, 1e-4);
}

TEST(Hierarchy, KaliberaOptimalRepetitions) {
  const auto t2 = hierarchical_t2(second_dataset());
  // libkalibera's costs (100, 20, 3) are listed outermost first; ours are level-1 first.
  const std::vector<double> costs = {3, 20, 100};
  const auto exact = optimal_repetitions_exact(t2, costs);
  ASSERT_EQ(exact.size(), 2u);
  EXPECT_NEAR(exact[0], 4.2937, 1e-3);
  EXPECT_NEAR(exact[1], 1.3023, 1e-3);
  EXPECT_EQ(optimal_repetitions(t2, costs), (std::vector<std::size_t>{5, 2}));
}

TEST(Hierarchy, OptimalRepetitionClamps) {
  const std::vector<double> costs = {1, 10, 100};
  // No variance at level 1: repeating it buys nothing.
  EXPECT_EQ(optimal_repetitions_exact(std::vector<double>{-1, 2, 3}, costs)[0], 1.0);
  EXPECT_EQ(optimal_repetitions(std::vector<double>{0, 2, 3}, costs)[0], 1u);
  // No variance at level 2: the whole budget goes to level 1.
  const std::vector<double> t2 = {2, -1, 3};
  const auto exact = optimal_repetitions_exact(t2, costs);
  EXPECT_EQ(exact[0], std::numeric_limits<double>::infinity());
  EXPECT_EQ(exact[1], 1.0);
  EXPECT_EQ(optimal_repetitions(t2, costs, 1000), (std::vector<std::size_t>{1000, 1}));
  EXPECT_EQ(optimal_repetitions(t2, costs)[0], std::numeric_limits<std::size_t>::max());
  // A tiny ratio still means at least one repetition.
  EXPECT_EQ(optimal_repetitions(std::vector<double>{1e-6, 1}, std::vector<double>{1, 1}),
            (std::vector<std::size_t>{1}));
}

TEST(Hierarchy, RejectsMalformedInput) {
  EXPECT_FALSE(is_balanced({{3, 2}, {1, 2, 3}}));
  EXPECT_FALSE(is_balanced({{}, {}}));
  EXPECT_FALSE(is_balanced({{2, 0}, {}}));
  EXPECT_TRUE(is_balanced(worked_example_3_level()));
  EXPECT_TRUE(hierarchical_s2({{3, 2}, {1, 2, 3}}).empty());
  EXPECT_TRUE(hierarchical_t2({{3, 2}, {1, 2, 3}}).empty());
  // An extent of 1 leaves no variance to estimate at that level.
  EXPECT_TRUE(hierarchical_s2({{1, 2}, {1, 2}}).empty());
  EXPECT_TRUE(optimal_repetitions_exact(std::vector<double>{1, 2}, std::vector<double>{1}).empty());
  EXPECT_TRUE(optimal_repetitions_exact(std::vector<double>{1}, std::vector<double>{1}).empty());
}

}  // namespace
}  // namespace tare::stats
