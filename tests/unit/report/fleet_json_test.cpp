// The tare.fleet/1 document: the machine at the top, each with its status, its error and its
// results the tare.results/1 document write_json writes (a failed machine with its reason);
// per benchmark the fleet and every machine.
#include "report/fleet_json.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "report/json_read.hpp"
#include "report/json_write.hpp"

namespace {

using nlohmann::json;

tare::results::Run fleet_sample_run(const std::string& node) {
  tare::results::Run run;
  run.context.host = node;
  tare::results::Benchmark b;
  b.name = "sort";
  tare::results::Fork fork;
  fork.pid = 7;
  fork.node = node;
  fork.slurm_step = "41.2";
  b.forks = {fork, fork};
  run.benchmarks.push_back(b);
  return run;
}

// Two machines that measured, one that failed before its first fork.
tare::results::Fleet three_machine_fleet() {
  tare::results::Fleet fleet{"slurm", "41", {}, false, {}};
  fleet.machines.push_back({"node1", true, "", fleet_sample_run("node1")});
  fleet.machines.push_back({"node2", true, "", fleet_sample_run("node2")});
  fleet.machines.push_back({"node3", false, "node node3: describing the machine failed", std::nullopt});
  tare::results::FleetBenchmark sort;
  sort.name = "sort";
  sort.unit = "ns/op";
  sort.machines = 2;
  sort.forks = 4;
  sort.mean = 11;
  sort.ci = tare::results::Interval{0.95, 9, 13};
  sort.variance.between_machines = 2;
  sort.per_machine.push_back({"node1", 2, 10.0, tare::results::Interval{0.95, 9.5, 10.5}, 10.2, {}, {}, false});
  sort.per_machine.push_back({"node2", 2, 12.0, std::nullopt, 11.8, {}, {}, true});
  sort.per_machine.push_back({"node3", 0, std::nullopt, std::nullopt, std::nullopt, {}, {}, false});
  fleet.benchmarks.push_back(sort);
  return fleet;
}

json fleet_written(const tare::results::Fleet& fleet) {
  std::ostringstream out;
  tare::report::write_fleet_json(fleet, out);
  return json::parse(out.str());
}

TEST(FleetJson, PutsTheMachineAtTheTop) {
  const json j = fleet_written(three_machine_fleet());
  EXPECT_EQ(j.at("schema"), "tare.fleet/1");
  EXPECT_EQ(j.at("launcher"), "slurm");
  EXPECT_EQ(j.at("slurm_job"), "41");
  EXPECT_EQ(j.at("interrupted"), false);
  ASSERT_EQ(j.at("machines").size(), 3u);
  const auto& n1 = j.at("machines")[0];
  EXPECT_EQ(n1.at("machine"), "node1");
  EXPECT_EQ(n1.at("status"), "ok");
  EXPECT_TRUE(n1.at("error").is_null());
  EXPECT_EQ(j.at("machines")[1].at("results").at("context").at("host"), "node2");
  EXPECT_EQ(n1.at("results").at("benchmarks")[0].at("forks").size(), 2u);
  const auto& n3 = j.at("machines")[2];
  EXPECT_EQ(n3.at("status"), "failed");
  EXPECT_EQ(n3.at("error"), "node node3: describing the machine failed");
  EXPECT_TRUE(n3.at("results").is_null());
}

// Merged from results files: no launcher, no job.
TEST(FleetJson, AFleetOfFilesHasNoLauncher) {
  tare::results::Fleet fleet = three_machine_fleet();
  fleet.launcher.clear();
  fleet.job.clear();
  const json j = fleet_written(fleet);
  EXPECT_TRUE(j.at("launcher").is_null());
  EXPECT_TRUE(j.at("slurm_job").is_null());
}

// Each machine's results are the document write_json writes, to the byte once parsed, and
// read back whole by the results reader.
TEST(FleetJson, AMachineIsWrittenAsItsResultsDocumentWritesIt) {
  const auto fleet = three_machine_fleet();
  std::ostringstream single;
  tare::report::write_json(*fleet.machines[0].run, single);
  const json machine = fleet_written(fleet)["machines"][0];
  EXPECT_EQ(machine["results"], json::parse(single.str()));
  std::istringstream results(machine["results"].dump());
  const auto run = tare::report::read_json(results);
  EXPECT_EQ(run.context.host, "node1");
  ASSERT_EQ(run.benchmarks.at(0).forks.size(), 2u);
  EXPECT_EQ(run.benchmarks[0].forks[0].node, "node1");
  EXPECT_EQ(run.benchmarks[0].forks[0].slurm_step, "41.2");
}

TEST(FleetJson, EachBenchmarkHasTheFleetAndEveryMachine) {
  const json b = fleet_written(three_machine_fleet())["benchmarks"][0];
  EXPECT_EQ(b["name"], "sort");
  EXPECT_EQ(b["mode"], "avgt");
  EXPECT_EQ(b["machines"], 2);
  EXPECT_EQ(b["score"], 11.0);
  EXPECT_EQ(b["ci"]["low"], 9.0);
  EXPECT_EQ(b["variance"]["method"], "method of moments");
  EXPECT_EQ(b["variance"]["between_machines"], 2.0);
  EXPECT_TRUE(b["variance"]["within_fork"].is_null());
  EXPECT_EQ(b["outliers"], json::array({"node2"}));
  ASSERT_EQ(b["per_machine"].size(), 3u);
  EXPECT_EQ(b["per_machine"][0]["ci"]["high"], 10.5);
  EXPECT_TRUE(b["per_machine"][1]["ci"].is_null());
  EXPECT_EQ(b["per_machine"][1]["shrunk_score"], 11.8);
  EXPECT_TRUE(b["per_machine"][1]["outlier"]["named"].get<bool>());
  // The failed machine is listed, without a score.
  EXPECT_EQ(b["per_machine"][2]["forks"], 0);
  EXPECT_TRUE(b["per_machine"][2]["score"].is_null());
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
