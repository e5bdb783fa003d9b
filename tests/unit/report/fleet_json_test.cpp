// write_fleet_json: the machines at the top, each with its context and its benchmarks'
// forks as the results document has them; per benchmark the fleet and every machine.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "report/fleet_json.hpp"
#include "report/json_write.hpp"

namespace {

using nlohmann::json;

tare::results::Fleet two_machine_fleet() {
  tare::results::Fleet fleet;
  for (const char* host : {"node1", "node2"}) {
    tare::results::FleetMachine machine{host, {}};
    machine.run.context.host = host;
    tare::results::Benchmark b;
    b.name = "sort";
    b.forks.resize(2);
    machine.run.benchmarks.push_back(b);
    fleet.machines.push_back(machine);
  }
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
  fleet.benchmarks.push_back(sort);
  return fleet;
}

json fleet_written(const tare::results::Fleet& fleet) {
  std::ostringstream out;
  tare::report::write_fleet_json(fleet, out);
  return json::parse(out.str());
}

TEST(FleetJson, MachinesAreTheTopLevel) {
  const json doc = fleet_written(two_machine_fleet());
  EXPECT_EQ(doc["schema"], "tare.fleet/1");
  ASSERT_EQ(doc["machines"].size(), 2u);
  EXPECT_EQ(doc["machines"][1]["name"], "node2");
  EXPECT_EQ(doc["machines"][1]["context"]["host"], "node2");
  EXPECT_EQ(doc["machines"][0]["benchmarks"][0]["forks"].size(), 2u);
}

TEST(FleetJson, EachBenchmarkHasTheFleetAndEveryMachine) {
  const json b = fleet_written(two_machine_fleet())["benchmarks"][0];
  EXPECT_EQ(b["name"], "sort");
  EXPECT_EQ(b["mode"], "avgt");
  EXPECT_EQ(b["score"], 11.0);
  EXPECT_EQ(b["ci"]["low"], 9.0);
  EXPECT_EQ(b["variance"]["method"], "method of moments");
  EXPECT_EQ(b["variance"]["between_machines"], 2.0);
  EXPECT_TRUE(b["variance"]["within_fork"].is_null());
  EXPECT_EQ(b["outliers"], json::array({"node2"}));
  ASSERT_EQ(b["per_machine"].size(), 2u);
  EXPECT_EQ(b["per_machine"][0]["ci"]["high"], 10.5);
  EXPECT_TRUE(b["per_machine"][1]["ci"].is_null());
  EXPECT_EQ(b["per_machine"][1]["shrunk_score"], 11.8);
  EXPECT_TRUE(b["per_machine"][1]["outlier"]["named"].get<bool>());
}

// The machine's context and benchmarks are the very objects the results document holds.
TEST(FleetJson, AMachineIsWrittenAsItsResultsDocumentWritesIt) {
  const auto fleet = two_machine_fleet();
  std::ostringstream single;
  tare::report::write_json(fleet.machines[0].run, single);
  const json run = json::parse(single.str());
  const json machine = fleet_written(fleet)["machines"][0];
  EXPECT_EQ(machine["context"], run["context"]);
  EXPECT_EQ(machine["benchmarks"], run["benchmarks"]);
}

}  // namespace
