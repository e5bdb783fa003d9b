// The tare.fleet/1 document: the machine at the top, each machine's results the
// tare.results/1 document write_json writes, a failed machine with its reason.
#include "report/fleet_json.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "report/json_read.hpp"
#include "report/json_write.hpp"

namespace {

tare::results::Run fleet_sample_run(const std::string& node) {
  tare::results::Run run;
  run.context.host = node;
  tare::results::Benchmark b;
  b.name = "nops.block";
  tare::results::Fork fork;
  fork.pid = 7;
  fork.node = node;
  fork.slurm_step = "41.2";
  b.forks.push_back(fork);
  run.benchmarks.push_back(b);
  return run;
}

TEST(FleetJson, PutsTheMachineAtTheTop) {
  tare::results::Fleet fleet{"slurm", "41", {}, false};
  fleet.machines.push_back({"n1", true, "", fleet_sample_run("n1")});
  fleet.machines.push_back({"n2", false, "node n2: describing the machine failed", std::nullopt});
  std::ostringstream out;
  tare::report::write_fleet_json(fleet, out);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j.at("schema"), "tare.fleet/1");
  EXPECT_EQ(j.at("launcher"), "slurm");
  EXPECT_EQ(j.at("slurm_job"), "41");
  EXPECT_EQ(j.at("interrupted"), false);
  ASSERT_EQ(j.at("machines").size(), 2u);
  const auto& n1 = j.at("machines")[0];
  EXPECT_EQ(n1.at("machine"), "n1");
  EXPECT_EQ(n1.at("status"), "ok");
  EXPECT_TRUE(n1.at("error").is_null());
  // Each machine's results are the document write_json writes, read back whole.
  std::istringstream results(n1.at("results").dump());
  const auto run = tare::report::read_json(results);
  EXPECT_EQ(run.context.host, "n1");
  ASSERT_EQ(run.benchmarks.at(0).forks.size(), 1u);
  EXPECT_EQ(run.benchmarks[0].forks[0].node, "n1");
  EXPECT_EQ(run.benchmarks[0].forks[0].slurm_step, "41.2");
  const auto& n2 = j.at("machines")[1];
  EXPECT_EQ(n2.at("status"), "failed");
  EXPECT_EQ(n2.at("error"), "node n2: describing the machine failed");
  EXPECT_TRUE(n2.at("results").is_null());
}

TEST(FleetJson, LocalForksCarryNoPlacement) {
  tare::results::Run run = fleet_sample_run("");
  run.benchmarks[0].forks[0].slurm_step.clear();
  std::ostringstream out;
  tare::report::write_json(run, out);
  const auto fork = nlohmann::json::parse(out.str()).at("benchmarks")[0].at("forks")[0];
  EXPECT_FALSE(fork.contains("node"));
  EXPECT_FALSE(fork.contains("slurm_step"));
}

}  // namespace
