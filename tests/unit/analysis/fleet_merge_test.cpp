// merge_fleet: runs of several machines become one fleet, machines named by host and
// benchmarks matched by name, each scored per machine and across the fleet.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/fleet_merge.hpp"

namespace {

using tare::analysis::merge_fleet;
using tare::results::Benchmark;
using RunResults = tare::results::Run;

Benchmark scored_benchmark(const std::string& name, const std::vector<double>& fork_means) {
  Benchmark b;
  b.name = name;
  b.unit = "ns/op";
  for (const double mean : fork_means) {
    tare::results::Fork fork;
    fork.mean = mean;
    fork.samples.resize(10);
    b.forks.push_back(fork);
  }
  b.within_fork_variance = 0.5;
  return b;
}

RunResults machine_run(const std::string& host, double level) {
  RunResults run;
  run.context.host = host;
  run.benchmarks.push_back(scored_benchmark("sort", {level - 1, level, level + 1}));
  return run;
}

TEST(FleetMerge, MachinesAreTheRunsNamedByHost) {
  const auto fleet = merge_fleet({machine_run("node1", 10), machine_run("node2", 12), machine_run("node3", 11)});
  ASSERT_EQ(fleet.machines.size(), 3u);
  EXPECT_EQ(fleet.machines[1].name, "node2");
  ASSERT_TRUE(fleet.machines[1].run);
  EXPECT_EQ(fleet.machines[1].run->benchmarks[0].forks.size(), 3u);  // each machine's run kept whole
  EXPECT_TRUE(fleet.machines[1].ok);
  EXPECT_EQ(fleet.machines[1].error, "");
  ASSERT_EQ(fleet.benchmarks.size(), 1u);
  const auto& sort = fleet.benchmarks[0];
  EXPECT_EQ(sort.name, "sort");
  EXPECT_EQ(sort.unit, "ns/op");
  EXPECT_EQ(sort.machines, 3);
  EXPECT_EQ(sort.forks, 9);
  ASSERT_TRUE(sort.mean && sort.ci);
  EXPECT_DOUBLE_EQ(*sort.mean, 11);
  EXPECT_LT(sort.ci->low, 11);
  EXPECT_GT(sort.ci->high, 11);
  // Machine means 10, 12, 11 (variance 1) over forks with variance 1 within: T3² = 1 − 1/3.
  ASSERT_TRUE(sort.variance.between_machines && sort.variance.between_forks && sort.variance.within_fork);
  EXPECT_NEAR(*sort.variance.between_machines, 1 - 1.0 / 3, 1e-12);
  EXPECT_NEAR(*sort.variance.within_fork, 0.5, 1e-12);
  EXPECT_NEAR(*sort.variance.between_forks, 1 - 0.5 / 10, 1e-12);
  ASSERT_EQ(sort.per_machine.size(), 3u);
  EXPECT_EQ(sort.per_machine[0].machine, "node1");
  EXPECT_DOUBLE_EQ(*sort.per_machine[0].mean, 10);
  EXPECT_TRUE(sort.per_machine[0].ci.has_value());
  EXPECT_TRUE(sort.per_machine[0].outlier_p.has_value());
}

TEST(FleetMerge, ABenchmarkOneMachineLacksHasNoScoreThere) {
  RunResults second = machine_run("node2", 12);
  second.benchmarks.push_back(scored_benchmark("hash", {5, 6}));
  RunResults third = machine_run("node3", 11);
  third.benchmarks.push_back(scored_benchmark("hash", {7, 8}));
  third.benchmarks.back().forks[1].ok = false;  // a failed fork is no evidence
  const auto fleet = merge_fleet({machine_run("node1", 10), second, third});
  ASSERT_EQ(fleet.benchmarks.size(), 2u);
  const auto& hash = fleet.benchmarks[1];
  EXPECT_EQ(hash.name, "hash");
  EXPECT_EQ(hash.machines, 2);
  EXPECT_EQ(hash.forks, 3);
  EXPECT_EQ(hash.per_machine[0].forks, 0);
  EXPECT_FALSE(hash.per_machine[0].mean.has_value());
  EXPECT_DOUBLE_EQ(*hash.per_machine[2].mean, 7);
  EXPECT_FALSE(hash.per_machine[2].ci.has_value());  // one good fork
  EXPECT_DOUBLE_EQ(*hash.mean, (5.5 + 7) / 2);
}

// A machine on which a benchmark failed is listed, failed with the reason, and left out of
// every benchmark's statistics: they are over the machines that succeeded.
TEST(FleetMerge, AFailedMachineIsListedButNotCounted) {
  RunResults second = machine_run("node2", 40);
  second.benchmarks.push_back(scored_benchmark("hash", {5, 6}));
  second.benchmarks.back().ok = false;
  second.benchmarks.back().error = "killed by signal 9";
  const auto fleet = merge_fleet({machine_run("node1", 10), second, machine_run("node3", 12)});
  EXPECT_FALSE(fleet.machines[1].ok);
  EXPECT_EQ(fleet.machines[1].error, "hash: killed by signal 9");
  ASSERT_EQ(fleet.benchmarks.size(), 1u);  // hash succeeded on no machine
  const auto& sort = fleet.benchmarks[0];
  EXPECT_EQ(sort.machines, 2);
  EXPECT_DOUBLE_EQ(*sort.mean, 11);
  ASSERT_EQ(sort.per_machine.size(), 3u);
  EXPECT_EQ(sort.per_machine[1].machine, "node2");
  EXPECT_EQ(sort.per_machine[1].forks, 0);
}

// The Slurm launcher's fleet: machines named by node, one without results at all.
TEST(FleetMerge, StatisticsOfAFleetBuiltElsewhere) {
  tare::results::Fleet fleet;
  fleet.machines.push_back({"n1", true, "", machine_run("n1", 10)});
  fleet.machines.push_back({"n2", false, "node n2: describing the machine failed", std::nullopt});
  fleet.machines.push_back({"n3", true, "", machine_run("n3", 12)});
  tare::analysis::add_fleet_statistics(fleet);
  ASSERT_EQ(fleet.benchmarks.size(), 1u);
  EXPECT_EQ(fleet.benchmarks[0].machines, 2);
  ASSERT_TRUE(fleet.benchmarks[0].ci);
  EXPECT_LT(fleet.benchmarks[0].ci->low, 11);
  EXPECT_EQ(fleet.benchmarks[0].per_machine[2].machine, "n3");
  EXPECT_FALSE(fleet.benchmarks[0].per_machine[1].mean.has_value());
}

TEST(FleetMerge, AMachineFarOffIsNamed) {
  std::vector<RunResults> runs;
  for (int i = 0; i < 6; ++i) runs.push_back(machine_run("node" + std::to_string(i), 100 + 0.3 * i));
  runs.push_back(machine_run("slow", 150));
  const auto fleet = merge_fleet(runs);
  for (const auto& score : fleet.benchmarks[0].per_machine) EXPECT_EQ(score.outlier, score.machine == "slow") << score.machine;
}

TEST(FleetMerge, UnknownHostsAreNumbered) {
  const auto fleet = merge_fleet({machine_run("", 10), machine_run("", 12)});
  EXPECT_EQ(fleet.machines[0].name, "machine 1");
  EXPECT_EQ(fleet.machines[1].name, "machine 2");
  EXPECT_FALSE(fleet.benchmarks[0].per_machine[0].outlier_t.has_value());  // two machines: no test
}

TEST(FleetMerge, TwoRunsOfOneHostAreRefused) {
  EXPECT_THAT([] { merge_fleet({machine_run("node1", 10), machine_run("node1", 12)}); },
              ::testing::ThrowsMessage<std::invalid_argument>(::testing::HasSubstr("both come from host node1")));
}

TEST(FleetMerge, DifferentUnitsAreRefused) {
  RunResults second = machine_run("node2", 12);
  second.benchmarks[0].unit = "us/op";
  EXPECT_THAT([&] { merge_fleet({machine_run("node1", 10), second}); },
              ::testing::ThrowsMessage<std::invalid_argument>(::testing::HasSubstr("benchmark sort is measured in us/op on node2")));
}

}  // namespace
