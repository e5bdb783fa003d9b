// `tare system` on this machine, the readiness summary every run's context keeps, and
// `tare fleet merge` over results files of several machines.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

using SystemJson = nlohmann::json;
using tare_e2e::run_command;

const std::vector<std::string> kChecks = {"governor",  "turbo",       "smt",   "transparent_hugepages", "aslr",
                                          "isolation", "clocksource", "steal", "perf_events",           "load"};

TEST(SystemCommand, PrintsEveryCheckAndExitsZero) {
  const auto result = run_command({tare_e2e::kTare, "system", "--window", "100ms"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string text = "\n" + result.out;
  for (const auto& check : kChecks) EXPECT_NE(text.find("\n" + check + ": "), std::string::npos) << check;
  EXPECT_NE(result.out.find(" need attention, "), std::string::npos) << result.out;
}

TEST(SystemCommand, JsonHasEveryCheckWithItsKeys) {
  const auto result = run_command({tare_e2e::kTare, "system", "--json", "--window", "100ms"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const SystemJson doc = SystemJson::parse(result.out);
  EXPECT_EQ(doc["schema"], "tare.system/1");
  ASSERT_EQ(doc["checks"].size(), kChecks.size());
  for (std::size_t i = 0; i < kChecks.size(); ++i) {
    const SystemJson& check = doc["checks"][i];
    EXPECT_EQ(check["check"], kChecks[i]);
    for (const char* key : {"readiness", "state", "meaning", "fix"}) EXPECT_TRUE(check.contains(key)) << key;
    const std::string readiness = check["readiness"];
    EXPECT_TRUE(readiness == "ready" || readiness == "attention" || readiness == "unknown") << readiness;
    EXPECT_EQ(check["fix"].is_null(), readiness != "attention") << check.dump();
  }
  const int counted = doc["ready"].get<int>() + doc["attention"].get<int>() + doc["unknown"].get<int>();
  EXPECT_EQ(counted, static_cast<int>(kChecks.size()));
  // The live machine is always asked whether a hardware counter opens: the answer is stated.
  const SystemJson& perf = doc["checks"][8];
  ASSERT_TRUE(perf["state"].is_string());
  const std::string state = perf["state"];
  if (perf["readiness"] == "attention") EXPECT_NE(state.find("hardware counters"), std::string::npos) << state;
  else EXPECT_EQ(state.rfind("hardware counters open", 0), 0u) << state;
}

TEST(SystemCommand, ABadWindowIsAUsageError) {
  const auto result = run_command({tare_e2e::kTare, "system", "--window", "soon"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--window"), std::string::npos) << result.err;
}

SystemJson system_quick_run(const std::string& path) {
  const auto result = run_command({tare_e2e::kBench, "--filter", "^fast.step/size=3$", "--forks", "3", "--max-forks",
                                   "3", "--measure-ms", "5", "--warmup-max-ms", "30", "--budget", "5", "--seed", "7",
                                   "--json", path});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return SystemJson::parse(tare_e2e::slurp(path));
}

TEST(SystemCommand, EveryRunKeepsTheSummaryInItsContext) {
  const SystemJson run = system_quick_run((tare_e2e::scratch_dir() / "system-run.json").string());
  const SystemJson& context = run["context"];
  ASSERT_EQ(context["system"].size(), kChecks.size());
  for (std::size_t i = 0; i < kChecks.size(); ++i) {
    EXPECT_EQ(context["system"][i]["check"], kChecks[i]);
    EXPECT_TRUE(context["system"][i].contains("readiness"));
  }
  EXPECT_TRUE(context.contains("steal_share"));
}

// The same run as though three machines had measured it (their hosts renamed).
std::vector<std::string> three_machines() {
  const auto dir = tare_e2e::scratch_dir();
  SystemJson run = system_quick_run((dir / "fleet-source.json").string());
  std::vector<std::string> paths;
  for (const char* host : {"node1", "node2", "node3"}) {
    run["context"]["host"] = host;
    paths.push_back((dir / (std::string(host) + ".json")).string());
    std::ofstream(paths.back()) << run.dump();
  }
  return paths;
}

TEST(FleetMerge, MergesOneResultsFilePerMachine) {
  const auto paths = three_machines();
  const auto out = (tare_e2e::scratch_dir() / "fleet.json").string();
  const auto result = run_command({tare_e2e::kTare, "fleet", "merge", paths[0], paths[1], paths[2], "-o", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("fast.step/size=3: "), std::string::npos) << result.out;
  const SystemJson fleet = SystemJson::parse(tare_e2e::slurp(out));
  EXPECT_EQ(fleet["schema"], "tare.fleet/1");
  ASSERT_EQ(fleet["machines"].size(), 3u);
  EXPECT_TRUE(fleet["launcher"].is_null());
  EXPECT_EQ(fleet["machines"][2]["machine"], "node3");
  EXPECT_EQ(fleet["machines"][2]["status"], "ok");
  EXPECT_TRUE(fleet["machines"][2]["error"].is_null());
  EXPECT_EQ(fleet["machines"][2]["results"]["schema"], "tare.results/1");
  EXPECT_EQ(fleet["machines"][2]["results"]["context"]["host"], "node3");
  EXPECT_EQ(fleet["machines"][2]["results"]["benchmarks"][0]["forks"].size(), 3u);
  ASSERT_EQ(fleet["benchmarks"].size(), 1u);
  const SystemJson& b = fleet["benchmarks"][0];
  EXPECT_EQ(b["machines"], 3);
  EXPECT_EQ(b["forks"], 9);
  EXPECT_EQ(b["per_machine"].size(), 3u);
  EXPECT_TRUE(b["variance"].contains("between_machines"));
  EXPECT_TRUE(b["ci"].is_object());
}

TEST(FleetMerge, TwoFilesOfOneMachineAreRefused) {
  const auto paths = three_machines();
  const auto out = (tare_e2e::scratch_dir() / "refused.json").string();
  const auto result = run_command({tare_e2e::kTare, "fleet", "merge", paths[0], paths[0], "-o", out});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("both come from host node1"), std::string::npos) << result.err;
  EXPECT_FALSE(std::ifstream(out).good());
}

}  // namespace
