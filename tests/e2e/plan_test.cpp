// `tare plan` end to end: a pilot run, the plan, and the planned command run as printed
// (through the shell, so its quoting is tested too) with exactly the planned forks.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "command.hpp"

using nlohmann::json;
using tare_e2e::run_command;

namespace {

using tare_e2e::kBench;
using tare_e2e::kTare;

std::string line_containing(const std::string& text, const std::string& needle) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.find(needle) != std::string::npos) return line;
  return "";
}

}  // namespace

TEST(Plan, APilotRunBecomesACommandThatRunsThePlannedDesign) {
  const auto pilot = (tare_e2e::scratch_dir() / "pilot.json").string();
  const auto ran = run_command({kBench, "--filter", "^fast.step/size=3$", "--forks", "4", "--max-forks", "4",
                                "--measure-ms", "5", "--warmup-max-ms", "30", "--seed", "7", "--json", pilot});
  ASSERT_EQ(ran.exit_code, 0) << ran.err;

  const auto planned = run_command({kTare, "plan", pilot, "--target-ci", "5%", "--budget", "3s"});
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  const std::string row = line_containing(planned.out, "fast.step/size=3 ");
  ASSERT_FALSE(row.empty()) << planned.out;
  std::string command = line_containing(planned.out, "--filter '^fast\\.step/size=3$'");
  ASSERT_FALSE(command.empty()) << planned.out;
  const auto forks_at = command.find("--forks ");
  const int forks = std::stoi(command.substr(forks_at + 8));
  EXPECT_GE(forks, 5);  // never fewer than the runner's minimum

  const auto again = (tare_e2e::scratch_dir() / "planned.json").string();
  const auto executed = run_command({"/bin/sh", "-c", command + " --json " + again});
  ASSERT_EQ(executed.exit_code, 0) << executed.err << "\n" << command;
  const json result = json::parse(tare_e2e::slurp(again));
  ASSERT_EQ(result["benchmarks"].size(), 1u);
  EXPECT_EQ(result["benchmarks"][0]["forks"].size(), static_cast<std::size_t>(forks));
  // Exactly N forks either way; the reason names whichever rule held at the N-th.
  const std::string reason = result["benchmarks"][0]["stop_reason"];
  EXPECT_TRUE(reason == "max-forks" || reason == "target-ci") << reason;
}

TEST(Plan, BadInputIsOneLineAndANonZeroExit) {
  const auto missing = run_command({kTare, "plan", "/nonexistent/results.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "tare: error: /nonexistent/results.json: cannot open\n");

  const auto not_json = (tare_e2e::scratch_dir() / "not.json").string();
  { std::ofstream(not_json) << "garbage"; }
  const auto garbage = run_command({kTare, "plan", not_json});
  EXPECT_EQ(garbage.exit_code, 2);
  EXPECT_NE(garbage.err.find("results JSON: not valid JSON"), std::string::npos) << garbage.err;
  EXPECT_EQ(std::count(garbage.err.begin(), garbage.err.end(), '\n'), 1);

  const auto bad_target = run_command({kTare, "plan", not_json, "--target-ci", "150%"});
  EXPECT_EQ(bad_target.exit_code, 2);
  EXPECT_EQ(bad_target.err, "tare: error: --target-ci 150%: expected a percentage above 0 and below 100, like 1% or 0.5% (the % sign is required)\n");

  const auto no_command = run_command({kTare});
  EXPECT_EQ(no_command.exit_code, 2);
}

// Google Benchmark's own JSON has no per-fork timings to plan with: one line saying what to
// pass instead, exit 2.
TEST(Plan, AGoogleBenchmarkFileIsRefusedWithWhatToPassInstead) {
#ifndef TARE_GBENCH_BASE
  GTEST_SKIP() << "Google Benchmark (libbenchmark-dev) not found at configure time";
#else
  const auto gb = (tare_e2e::scratch_dir() / "gb_pilot.json").string();
  const auto ran = run_command({TARE_GBENCH_BASE, "--benchmark_repetitions=2", "--benchmark_min_time=0.01",
                               "--benchmark_out=" + gb, "--benchmark_out_format=json"});
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const auto refused = run_command({kTare, "plan", gb});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "tare: error: " + gb +
                             ": a Google Benchmark-format file has no per-fork timings to plan with: build the "
                             "benchmarks against tare::gbench, run them with --json FILE and plan from that file\n");
#endif
}
