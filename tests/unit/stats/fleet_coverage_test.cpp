// The fleet's statistics on simulated fleets whose truth is set here: machines of a kind
// whose levels scatter about the fleet's mean, forks about their machine's level. Fixed
// seeds; each band is at least 3 simulation standard errors (√(0.95 · 0.05 / 2000) ≈ 0.005)
// around the rate the theory predicts.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "stats/fleet.hpp"
#include "stats/interval.hpp"
#include "support/full_scale.hpp"

namespace tare::stats {
namespace {

constexpr double kFleetMean = 100;
constexpr int kFleets = 2000;

struct FleetShape {
  double machine_sd;  // how far a machine's level lies from the fleet's
  double fork_sd;     // how far a fork's mean lies from its machine's level
};

// 4 to 8 machines of 3 to 10 forks each; machine `shifted` (if any) moved by `shift`.
std::vector<MachineForks> simulated_fleet(std::mt19937_64& rng, FleetShape shape, int shifted = -1, double shift = 0) {
  std::uniform_int_distribution<int> machine_count(4, 8), fork_count(3, 10);
  std::normal_distribution<double> machine(0, shape.machine_sd), fork(0, shape.fork_sd);
  std::vector<MachineForks> fleet(static_cast<std::size_t>(machine_count(rng)));
  for (std::size_t i = 0; i < fleet.size(); ++i) {
    const double level = kFleetMean + machine(rng) + (static_cast<int>(i) == shifted ? shift : 0);
    const int forks = fork_count(rng);
    for (int f = 0; f < forks; ++f) fleet[i].fork_means.push_back(level + fork(rng));
  }
  return fleet;
}

// Every fork pooled as though one machine had run them all.
MeanInterval pooled_interval(const std::vector<MachineForks>& fleet) {
  std::vector<double> all;
  for (const auto& m : fleet) all.insert(all.end(), m.fork_means.begin(), m.fork_means.end());
  return mean_interval(all);
}

bool fleet_covers(const MeanInterval& ci) { return ci.low <= kFleetMean && kFleetMean <= ci.high; }

struct FleetRates {
  double fleet = 0, pooled = 0;
};

FleetRates fleet_coverage(FleetShape shape, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int covered = 0, pooled_covers = 0;
  for (int i = 0; i < kFleets; ++i) {
    const auto fleet = simulated_fleet(rng, shape);
    covered += fleet_covers(estimate_fleet(fleet).fleet);
    pooled_covers += fleet_covers(pooled_interval(fleet));
  }
  return {covered / double(kFleets), pooled_covers / double(kFleets)};
}

TEST(FleetCoverage, MachinesVaryMoreThanForks) {
  TARE_SIMULATION_OF_RATES();
  const FleetRates c = fleet_coverage({3.0, 1.0}, 20261204);
  test::report_observed("fleet interval coverage (machine sd 3, fork sd 1)", c.fleet);
  test::report_observed("pooled-forks interval coverage (machine sd 3, fork sd 1)", c.pooled);
  EXPECT_GE(c.fleet, 0.93);
  EXPECT_LE(c.fleet, 0.97);
  // Pooling every fork counts each machine's luck once per fork: far too narrow.
  EXPECT_LT(c.pooled, 0.75);
}

TEST(FleetCoverage, MachinesAndForksAlike) {
  TARE_SIMULATION_OF_RATES();
  const FleetRates c = fleet_coverage({1.0, 1.0}, 7);
  test::report_observed("fleet interval coverage (machine sd 1, fork sd 1)", c.fleet);
  test::report_observed("pooled-forks interval coverage (machine sd 1, fork sd 1)", c.pooled);
  EXPECT_GE(c.fleet, 0.93);
  EXPECT_LE(c.fleet, 0.97);
  EXPECT_LT(c.pooled, 0.88);
}

TEST(FleetCoverage, IdenticalMachinesStillCovered) {
  TARE_SIMULATION_OF_RATES();
  // No machine level at all: the interval stays honest (the machine means' spread is then
  // the forks' noise alone, unequal machine sizes notwithstanding).
  const FleetRates c = fleet_coverage({0.0, 1.0}, 11);
  test::report_observed("fleet interval coverage (identical machines)", c.fleet);
  EXPECT_GE(c.fleet, 0.93);
  EXPECT_LE(c.fleet, 0.97);
}

TEST(FleetCoverage, ComponentsAreRecoveredOnAverage) {
  TARE_SIMULATION_OF_RATES();
  std::mt19937_64 rng(5);
  double machines = 0, forks = 0;
  for (int i = 0; i < kFleets; ++i) {
    const FleetEstimate fleet = estimate_fleet(simulated_fleet(rng, {3.0, 1.0}));
    machines += fleet.variance.between_machines;
    forks += fleet.variance.fork_means;
  }
  test::report_observed("mean machine-level estimate (truth 9)", machines / kFleets);
  test::report_observed("mean fork-means estimate (truth 1)", forks / kFleets);
  // Unbiased: the means of 2000 estimates lie near 9 and 1 (their sd ≈ 9·√(2/5)/√2000 ≈ 0.13).
  EXPECT_NEAR(machines / kFleets, 9.0, 0.5);
  EXPECT_NEAR(forks / kFleets, 1.0, 0.03);
}

// The chance of naming any machine in a fleet where none differs: at most the rate asked for.
TEST(FleetCoverage, OutlierFalseAlarmRateIsKept) {
  TARE_SIMULATION_OF_RATES();
  std::mt19937_64 rng(13);
  int alarms = 0;
  for (int i = 0; i < kFleets; ++i) {
    const FleetEstimate fleet = estimate_fleet(simulated_fleet(rng, {2.0, 1.0}), 0.95, 0.05);
    for (const auto& m : fleet.per_machine)
      if (m.outlier) {
        ++alarms;
        break;
      }
  }
  const double rate = alarms / double(kFleets);
  test::report_observed("fleets with a machine named, none differing (asked 0.05)", rate);
  EXPECT_LE(rate, 0.065);
  EXPECT_GE(rate, 0.02);  // not a test that never fires
}

TEST(FleetCoverage, AMachineFarOffIsNamedAndTheOthersAreNot) {
  TARE_SIMULATION_OF_RATES();
  std::mt19937_64 rng(17);
  int named = 0, wrongly = 0;
  for (int i = 0; i < kFleets; ++i) {
    // Machine 0 lies 10 machine standard deviations off.
    const FleetEstimate fleet = estimate_fleet(simulated_fleet(rng, {1.0, 0.5}, 0, 10.0));
    named += fleet.per_machine[0].outlier;
    for (std::size_t m = 1; m < fleet.per_machine.size(); ++m) wrongly += fleet.per_machine[m].outlier;
  }
  test::report_observed("fleets naming the machine 10 sd off", named / double(kFleets));
  test::report_observed("fleets naming another machine as well", wrongly / double(kFleets));
  EXPECT_GE(named / double(kFleets), 0.8);
  EXPECT_LE(wrongly / double(kFleets), 0.05);
}

}  // namespace
}  // namespace tare::stats
