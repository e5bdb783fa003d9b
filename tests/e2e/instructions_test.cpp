// --prof instructions end to end: a benchmark whose operation is exactly 100
// instructions, counted by callgrind in a worker of its own. Counts do
// not move with the machine's load, so these tests assert exact numbers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "command.hpp"

using CountedJson = nlohmann::json;  // files_test.cpp has its own `json` (unity builds)
using tare_e2e::run_command;

namespace {

const std::vector<std::string> kShortRun{"--prof", "instructions", "--forks", "2", "--max-forks", "2",
                                         "--measure-ms", "2", "--warmup-max-ms", "20"};

// Runs a nops build with --prof instructions, its results in `name` under the scratch folder.
CountedJson counted_run(const std::string& binary, const std::string& name, std::string* console = nullptr) {
  const auto path = (tare_e2e::scratch_dir() / name).string();
  std::vector<std::string> args{binary};
  args.insert(args.end(), kShortRun.begin(), kShortRun.end());
  args.insert(args.end(), {"--json", path});
  const auto result = run_command(args);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  if (console) *console = result.out;
  return CountedJson::parse(tare_e2e::slurp(path));
}

// The profile row of the nops benchmark named `metric`.
double counted_metric(const CountedJson& run, const std::string& metric) {
  for (const CountedJson& b : run["benchmarks"])
    if (b["name"] == "nops.block")
      for (const CountedJson& m : b["profile"])
        if (m["profiler"] == "instructions" && m["metric"] == metric) {
          EXPECT_EQ(m["unit"], "/op");
          EXPECT_EQ(m["forks"], 1);
          EXPECT_TRUE(m["ci"].is_null());
          return m["mean"].get<double>();
        }
  ADD_FAILURE() << "no " << metric << " in " << run["benchmarks"].dump();
  return 0;
}

}  // namespace

TEST(Instructions, AHundredInstructionBlockCountsAHundredPerOperationEveryTime) {
  std::string console;
  const CountedJson first = counted_run(TARE_E2E_NOPS_BASE, "nops_first.json", &console);
  EXPECT_EQ(first["context"]["settings"]["profilers"], CountedJson::array({"instructions"}));
  const double total = counted_metric(first, "instructions");
  const double empty = counted_metric(first, "empty_loop_instructions");
  EXPECT_EQ(total - empty, 100) << "instructions " << total << ", empty loop " << empty;
  EXPECT_GT(empty, 0);
  // The raw counts are there to recompute from: (2N batch - N batch) / (N * ops per invocation).
  const CountedJson& counts = first["benchmarks"][0]["instruction_counts"];
  ASSERT_TRUE(counts.is_object()) << first["benchmarks"][0].dump();
  const double n = counts["invocations"].get<double>() * counts["ops_per_invocation"].get<double>();
  EXPECT_EQ((counts["body"][1].get<double>() - counts["body"][0].get<double>()) / n, total);
  EXPECT_NE(console.find("Profile: instructions"), std::string::npos) << console;
  // Another run, another calibration: the same counts per operation, to the instruction.
  const CountedJson second = counted_run(TARE_E2E_NOPS_BASE, "nops_second.json");
  EXPECT_EQ(counted_metric(second, "instructions"), total);
  EXPECT_EQ(counted_metric(second, "empty_loop_instructions"), empty);
}

TEST(Instructions, WithoutValgrindOnThePathTheRunIsRefusedBeforeMeasuring) {
  const auto path = (tare_e2e::scratch_dir() / "nops_refused.json").string();
  const auto result = run_command({"/usr/bin/env", "PATH=/nonexistent", TARE_E2E_NOPS_BASE, "--prof", "instructions",
                                   "--json", path});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("--prof instructions: needs valgrind (apt-get install valgrind)"), std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}
