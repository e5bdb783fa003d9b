// estimate_fleet on small fleets worked by hand: the method-of-moments components of an
// unbalanced design, the fleet interval, shrinkage, the outlier test, and the edge cases.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "stats/fleet.hpp"
#include "stats/interval.hpp"

namespace tare::stats {
namespace {

// Three machines of 2, 3 and 1 forks. By hand: N = 6, a = 3, SSW = 10 (MSW = 10/3), the
// forks-weighted grand mean 4.5, SSB = 19.5 (MSB = 9.75), n0 = (6 − 14/6) / 2 = 11/6, so
// T3² = (9.75 − 10/3) / (11/6) = 3.5.
std::vector<MachineForks> worked_fleet() { return {{{1, 3}}, {{4, 6, 8}}, {{5}}}; }

TEST(Fleet, MethodOfMomentsComponentsOfAnUnbalancedDesign) {
  const FleetEstimate fleet = estimate_fleet(worked_fleet());
  EXPECT_EQ(fleet.machines, 3);
  EXPECT_EQ(fleet.forks, 6);
  EXPECT_NEAR(fleet.variance.fork_means, 10.0 / 3, 1e-12);
  EXPECT_NEAR(fleet.variance.between_machines, 3.5, 1e-12);
  // No machine said what its samples vary by: the forks' level is the fork means' spread.
  EXPECT_TRUE(std::isnan(fleet.variance.within_fork));
  EXPECT_NEAR(fleet.variance.between_forks, 10.0 / 3, 1e-12);
}

TEST(Fleet, TheSamplesShareIsTakenOutOfTheForksLevel) {
  auto machines = worked_fleet();
  for (auto& m : machines) {
    m.within_fork_variance = 10;
    m.samples_per_fork = 20;
  }
  const FleetEstimate fleet = estimate_fleet(machines);
  EXPECT_NEAR(fleet.variance.within_fork, 10, 1e-12);
  EXPECT_NEAR(fleet.variance.between_forks, 10.0 / 3 - 10.0 / 20, 1e-12);  // T2² = S2² − T1² / r
}

TEST(Fleet, IntervalIsStudentsTOnTheMachineMeans) {
  const FleetEstimate fleet = estimate_fleet(worked_fleet());
  // Machine means 2, 6, 5: mean 13/3, variance 13/3, t(0.975, 2 df).
  EXPECT_NEAR(fleet.fleet.mean, 13.0 / 3, 1e-12);
  EXPECT_EQ(fleet.fleet.n, 3u);
  EXPECT_NEAR(fleet.fleet.half_width, student_t_quantile(0.975, 2) * std::sqrt(13.0 / 3 / 3), 1e-9);
}

TEST(Fleet, EachMachineHasItsOwnIntervalAndAShrunkMean) {
  const FleetEstimate fleet = estimate_fleet(worked_fleet());
  ASSERT_EQ(fleet.per_machine.size(), 3u);
  const MachineEstimate& first = fleet.per_machine[0];
  EXPECT_EQ(first.forks, 2);
  EXPECT_DOUBLE_EQ(first.mean, 2);
  ASSERT_TRUE(first.ci.has_value());
  EXPECT_NEAR(first.ci->half_width, student_t_quantile(0.975, 1) * 1, 1e-9);  // sd √2 over √2
  // Weight 3.5 / (3.5 + (10/3) / 2) toward the machine's own mean.
  const double weight = 3.5 / (3.5 + 10.0 / 3 / 2);
  EXPECT_NEAR(first.shrunk_mean, 13.0 / 3 + weight * (2 - 13.0 / 3), 1e-9);
  EXPECT_FALSE(fleet.per_machine[2].ci.has_value());  // one fork: no interval of its own
}

TEST(Fleet, OutlierStatisticIsTheDeletedResidualAgainstTheOthers) {
  const FleetEstimate fleet = estimate_fleet(worked_fleet());
  // Machine 3 (mean 5, one fork) against machines 1 and 2 (means 2, 6): s² = 8 with 1 df,
  // Var = 8 (1 + 1/2) + (10/3)(1/1 − (1/2 + 1/3) / 2).
  const double v = 8 * 1.5 + 10.0 / 3 * (1 - (0.5 + 1.0 / 3) / 2);
  const double t = (5 - 4) / std::sqrt(v);
  const MachineEstimate& third = fleet.per_machine[2];
  EXPECT_NEAR(third.outlier_t, t, 1e-12);
  // Student's t with 1 degree of freedom is Cauchy: p = 1 − 2 atan(|t|) / π.
  EXPECT_NEAR(third.outlier_p, 1 - 2 * std::atan(t) / std::numbers::pi, 1e-9);
  EXPECT_FALSE(third.outlier);
}

TEST(Fleet, AMachineFarFromSixAgreeingOnesIsNamed) {
  std::vector<MachineForks> machines;
  for (const double level : {100.0, 101.0, 99.5, 100.5, 99.0, 100.2})
    machines.push_back({{level - 0.3, level, level + 0.3}});
  machines.push_back({{130.0, 130.2, 129.8}});
  const FleetEstimate fleet = estimate_fleet(machines);
  for (std::size_t i = 0; i + 1 < machines.size(); ++i) EXPECT_FALSE(fleet.per_machine[i].outlier) << i;
  EXPECT_TRUE(fleet.per_machine.back().outlier);
  EXPECT_GT(fleet.per_machine.back().outlier_t, 0);
}

TEST(Fleet, AMachineWithoutForksIsListedAndLeftOut) {
  auto machines = worked_fleet();
  machines.insert(machines.begin() + 1, MachineForks{});
  const FleetEstimate fleet = estimate_fleet(machines);
  EXPECT_EQ(fleet.machines, 3);
  ASSERT_EQ(fleet.per_machine.size(), 4u);
  EXPECT_EQ(fleet.per_machine[1].forks, 0);
  EXPECT_TRUE(std::isnan(fleet.per_machine[1].mean));
  EXPECT_FALSE(fleet.per_machine[1].outlier);
  EXPECT_NEAR(fleet.variance.between_machines, 3.5, 1e-12);
  EXPECT_NEAR(fleet.per_machine[3].outlier_t, estimate_fleet(worked_fleet()).per_machine[2].outlier_t, 1e-12);
}

TEST(Fleet, TwoMachinesHaveAnIntervalButNoOutlierTest) {
  const FleetEstimate fleet = estimate_fleet({{{1, 2}}, {{3, 4}}});
  EXPECT_NEAR(fleet.fleet.mean, 2.5, 1e-12);
  EXPECT_TRUE(std::isfinite(fleet.fleet.half_width));
  for (const auto& m : fleet.per_machine) {
    EXPECT_TRUE(std::isnan(m.outlier_t));
    EXPECT_FALSE(m.outlier);
  }
}

TEST(Fleet, OneMachineHasNoFleetInterval) {
  const FleetEstimate fleet = estimate_fleet({{{1, 2, 3}}});
  EXPECT_EQ(fleet.machines, 1);
  EXPECT_TRUE(std::isinf(fleet.fleet.half_width));
  EXPECT_TRUE(std::isnan(fleet.variance.between_machines));
  EXPECT_DOUBLE_EQ(fleet.per_machine[0].shrunk_mean, 2);
}

TEST(Fleet, SingleForkMachinesHaveNoForksLevel) {
  const FleetEstimate fleet = estimate_fleet({{{1}}, {{2}}, {{4}}});
  EXPECT_TRUE(std::isnan(fleet.variance.fork_means));
  // With nothing to split off, the machine means' spread is all the machines'.
  EXPECT_NEAR(fleet.variance.between_machines, 7.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(fleet.per_machine[2].shrunk_mean, 4);
}

TEST(Fleet, EmptyFleet) {
  const FleetEstimate fleet = estimate_fleet({});
  EXPECT_EQ(fleet.machines, 0);
  EXPECT_TRUE(fleet.per_machine.empty());
}

}  // namespace
}  // namespace tare::stats
