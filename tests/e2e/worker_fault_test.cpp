// Workers that leave processes behind (issue 17, F2): the runner neither waits for them nor
// lets them outlive the run. A real benchmark binary forks a real `sleep` that holds the
// worker's pipes.
#include <gtest/gtest.h>
#include <signal.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "support/processes.hpp"

namespace {

// Runs one orphan benchmark (two forks) with the orphans' pids written to a file; the
// test's own limit (2 min) is far beyond what the run needs and far below --timeout.
struct OrphanRun {
  tare_e2e::CommandResult result;
  nlohmann::json json;
  std::vector<pid_t> orphans;
};

OrphanRun run_orphan_benchmark(const std::string& name) {
  const auto dir = tare_e2e::scratch_dir();
  const auto orphans = dir / ("orphans-" + name);
  const auto json_path = dir / ("orphans-" + name + ".json");
  // The environment reaches the workers: they inherit the runner's.
  setenv("TARE_E2E_ORPHANS", orphans.c_str(), 1);
  OrphanRun run;
  run.result = tare_test::run_process({TARE_E2E_ORPHAN_BENCH, "--filter", "^orphan." + name + "$", "--forks", "2",
                                       "--max-forks", "2", "--measure-ms", "5", "--warmup-max-ms", "30", "--timeout",
                                       "600", "--json", json_path.string()},
                                      std::chrono::seconds(120));
  unsetenv("TARE_E2E_ORPHANS");
  if (std::filesystem::exists(json_path)) run.json = nlohmann::json::parse(tare_e2e::slurp(json_path));
  run.orphans = tare_test::pids_in(orphans);
  return run;
}

}  // namespace

// The benchmark's child keeps the worker's stdout after the worker exits: the run ends
// (the child is killed with the worker's process group) and the benchmark is measured.
TEST(WorkerFaults, AChildHoldingTheWorkersOutputNeitherHangsTheRunNorOutlivesIt) {
  const OrphanRun run = run_orphan_benchmark("holds_stdout");
  ASSERT_FALSE(run.result.timed_out) << "the runner waited for the benchmark's child";
  EXPECT_EQ(run.result.exit_code, 0) << run.result.err;
  ASSERT_EQ(run.orphans.size(), 2u);
  ASSERT_EQ(run.json["benchmarks"].size(), 1u);
  EXPECT_EQ(run.json["benchmarks"][0]["status"], "ok") << run.json["benchmarks"][0].dump();
  EXPECT_TRUE(tare_test::processes_gone(run.orphans));
}

// The worker crashes while its child holds every pipe: no end of file comes, yet the crash
// is reported as a crash at once (not as a hang after --timeout), and the child dies too.
TEST(WorkerFaults, AWorkerThatCrashesWhileItsChildHoldsThePipesIsReportedAsACrash) {
  const OrphanRun run = run_orphan_benchmark("holds_pipes_and_crashes");
  ASSERT_FALSE(run.result.timed_out) << "the runner waited for the benchmark's child";
  EXPECT_EQ(run.result.exit_code, 1) << run.result.err;
  ASSERT_EQ(run.json["benchmarks"].size(), 1u);
  const auto& b = run.json["benchmarks"][0];
  EXPECT_EQ(b["status"], "failed");
  EXPECT_NE(b["error"].get<std::string>().find("signal 11"), std::string::npos) << b["error"];
  EXPECT_TRUE(tare_test::processes_gone(run.orphans));
}

// The benchmark starts a daemon (double fork, setsid): it leaves the worker's process group,
// so killing the group misses it. The runner, a child subreaper, adopts it when its parent
// exits and ends it when the worker ends: nothing outlives the run.
TEST(WorkerFaults, ADaemonStartedOutsideTheWorkersGroupDoesNotOutliveTheRun) {
  const OrphanRun run = run_orphan_benchmark("starts_a_daemon");
  ASSERT_FALSE(run.result.timed_out);
  EXPECT_EQ(run.result.exit_code, 0) << run.result.err;
  ASSERT_GE(run.orphans.size(), 2u) << "one daemon per fork";
  ASSERT_EQ(run.json["benchmarks"].size(), 1u);
  EXPECT_EQ(run.json["benchmarks"][0]["status"], "ok") << run.json["benchmarks"][0].dump();
  EXPECT_TRUE(tare_test::processes_gone(run.orphans));
}
