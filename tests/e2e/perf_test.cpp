// End-to-end --prof perf: software counters on a benchmark with a known count (four page
// faults per operation), hardware counters that this machine either has or says it has not
// (a VM without a PMU: one warning line, the run goes on), and an unknown event refused
// before anything is measured.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "command.hpp"

using PerfJson = nlohmann::json;  // files_test.cpp has its own `json` (unity builds)

namespace {

std::vector<std::string> perf_run_args(const std::string& prof, const std::string& json_path) {
  return {TARE_E2E_FAULTS_BENCH, "--prof", prof,  "--forks", "2", "--max-forks", "2", "--measure-ms", "5",
          "--warmup-max-ms",     "20",   "--json", json_path};
}

const PerfJson* perf_figure(const PerfJson& benchmark, const std::string& event) {
  for (const PerfJson& m : benchmark["profile"])
    if (m["profiler"] == "perf" && m["metric"] == event) return &m;
  return nullptr;
}

// The forks perf counted in, apart from the scored ones.
std::vector<PerfJson> perf_forks(const PerfJson& benchmark) {
  std::vector<PerfJson> forks;
  for (const PerfJson& fork : benchmark["profiling_forks"])
    if (fork["profiler"] == "perf") forks.push_back(fork);
  return forks;
}

bool perf_unavailable(const PerfJson& run, const std::string& event) {
  if (!run["context"].contains("perf")) return false;
  for (const PerfJson& u : run["context"]["perf"]["unavailable"])
    if (u["event"] == event) return true;
  return false;
}

std::size_t perf_warning_lines(const std::string& err) {
  std::size_t lines = 0;
  for (std::size_t at = err.find("--prof perf: not available here"); at != std::string::npos;
       at = err.find("--prof perf: not available here", at + 1))
    ++lines;
  return lines;
}

}  // namespace

// Every operation maps, touches and unmaps four fresh pages: the page-faults counter, on
// only around the measured samples of forks apart from the scored ones, reads four per
// operation in each such fork (the harness's own faults meanwhile are a sliver), counted all
// the time it was enabled (software events need no PMU counter), with the raw readings in
// each fork to recompute it. No scored fork has counters.
TEST(EndToEndPerf, PageFaultsCounterReadsFourPerOperation) {
  const auto path = (tare_e2e::scratch_dir() / "perf_faults.json").string();
  const auto result = tare_e2e::run_command(perf_run_args("perf:page-faults,task-clock", path));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const PerfJson run = PerfJson::parse(tare_e2e::slurp(path));
  EXPECT_EQ(run["context"]["settings"]["profilers"], PerfJson::array({"perf"}));
  EXPECT_EQ(run["context"]["perf"]["events"], PerfJson::array({"page-faults", "task-clock"}));
  if (perf_unavailable(run, "page-faults")) GTEST_SKIP() << "perf_event_open refuses software events here: " << result.err;
  const PerfJson& b = run["benchmarks"].at(0);
  const PerfJson* faults = perf_figure(b, "page-faults");
  ASSERT_NE(faults, nullptr) << b["profile"];
  EXPECT_EQ((*faults)["unit"], "/op");
  EXPECT_EQ((*faults)["forks"], 2);
  EXPECT_GE((*faults)["mean"].get<double>(), 3.99) << *faults;
  EXPECT_LE((*faults)["mean"].get<double>(), 4.2) << *faults;
  EXPECT_FALSE((*faults)["ci"].is_null());
  EXPECT_EQ((*faults)["time_counted"], 1.0);
  ASSERT_NE(perf_figure(b, "task-clock"), nullptr);
  ASSERT_FALSE(b["forks"].empty());
  for (const PerfJson& fork : b["forks"]) EXPECT_FALSE(fork.contains("perf")) << fork["perf"];
  const auto forks = perf_forks(b);
  ASSERT_EQ(forks.size(), 2u) << b["profiling_forks"].dump();
  for (const PerfJson& fork : forks) {
    const PerfJson& perf = fork["perf"];
    ASSERT_GT(perf["ops"].get<double>(), 0) << fork;
    const PerfJson& reading = perf["readings"].at(0);
    EXPECT_EQ(reading["event"], "page-faults");
    EXPECT_GE(reading["value"].get<double>() / perf["ops"].get<double>(), 3.99) << perf;
    EXPECT_EQ(reading["enabled_ns"], reading["running_ns"]);
  }
  EXPECT_EQ(perf_warning_lines(result.err), 0u) << result.err;
  EXPECT_NE(result.out.find("Profile: perf"), std::string::npos) << result.out;
}

// Hardware counters: where this machine has them, figures for them; where it has not (a VM
// without a PMU), one warning line naming them and why, the run completes with the events
// that count here, and no figures for the missing ones. Either way, exit 0. On two
// benchmark threads, started after the counters were opened: page faults are still four
// per operation, both threads' (the counters are inherited).
TEST(EndToEndPerf, HardwareEventsAreCountedOrSaidUnavailableAndTheRunGoesOn) {
  const auto path = (tare_e2e::scratch_dir() / "perf_hardware.json").string();
  auto args = perf_run_args("perf:cycles,instructions,page-faults", path);
  args.insert(args.end(), {"--threads", "2"});
  const auto result = tare_e2e::run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const PerfJson run = PerfJson::parse(tare_e2e::slurp(path));
  const PerfJson& b = run["benchmarks"].at(0);
  ASSERT_FALSE(b["forks"].empty());
  for (const PerfJson& fork : b["forks"]) EXPECT_EQ(fork["status"], "ok") << fork["error"];
  for (const PerfJson& fork : perf_forks(b)) EXPECT_EQ(fork["status"], "ok") << fork["error"];
  for (const std::string event : {"cycles", "instructions"}) {
    if (perf_unavailable(run, event)) {
      EXPECT_EQ(perf_figure(b, event), nullptr) << event;
      EXPECT_NE(result.err.find(event), std::string::npos) << result.err;
      for (const PerfJson& fork : perf_forks(b)) {
        if (!fork.contains("perf")) continue;
        for (const PerfJson& reading : fork["perf"]["readings"]) EXPECT_NE(reading["event"], event);
      }
    } else {
      const PerfJson* figure = perf_figure(b, event);
      ASSERT_NE(figure, nullptr) << event << ": " << b["profile"];
      EXPECT_EQ((*figure)["unit"], "/op");
      EXPECT_GE((*figure)["time_counted"].get<double>(), 0);
    }
  }
  if (!perf_unavailable(run, "page-faults")) {
    const PerfJson* faults = perf_figure(b, "page-faults");
    ASSERT_NE(faults, nullptr) << b["profile"];
    EXPECT_GE((*faults)["mean"].get<double>(), 3.99) << *faults;
    EXPECT_LE((*faults)["mean"].get<double>(), 4.2) << *faults;
  }
  const bool any_missing = perf_unavailable(run, "cycles") || perf_unavailable(run, "instructions");
  EXPECT_EQ(perf_warning_lines(result.err), any_missing ? 1u : 0u) << result.err;
}

// An event no name table knows stops the run before anything is measured: one line, exit 2,
// no results file.
TEST(EndToEndPerf, AnUnknownEventIsRefusedBeforeMeasuring) {
  const auto path = (tare_e2e::scratch_dir() / "perf_unknown.json").string();
  const auto result = tare_e2e::run_command(perf_run_args("perf:cycles,no-such-event", path));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--prof perf:cycles,no-such-event: unknown event no-such-event"), std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_FALSE(std::filesystem::exists(path));
}
