// The results files of tare::gbench binaries in the tare command: `tare compare` on their
// Google Benchmark-format JSON (each row carries tare's interval over worker processes,
// which the comparison combines), and `tare plan` on tare's own results (--json) of such a
// binary, while a Google Benchmark-format file is refused with what to pass instead. The two
// builds of one GB source do 100 and 400 rounds of work: four times apart, which no load on
// a shared machine hides.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>
#include <string>

#include "support/process.hpp"

namespace {

using nlohmann::json;

// Runs a tare::gbench binary with a fixed design, writing its Google Benchmark JSON (and
// tare's own results, when `native` is given).
std::string record_gbench(const std::string& binary, const std::string& name, const std::string& native = "") {
  const auto path = (tare_test::scratch_dir() / (name + ".json")).string();
  std::vector<std::string> args{binary,          "--forks",         "5",  "--max-forks",
                                "5",             "--measure-ms",    "10", "--warmup-max-ms",
                                "30",            "--benchmark_out=" + path, "--benchmark_out_format=json"};
  if (!native.empty()) args.insert(args.end(), {"--json", native});
  const auto result = tare_test::run_process(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return path;
}

std::string gb_results_line_with(const std::string& text, const std::string& needle) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.find(needle) != std::string::npos) return line;
  return "";
}

TEST(GbenchResults, CompareCombinesTheIntervalsOfTwoTareGbenchFiles) {
  const auto base = record_gbench(GBENCH_AB_BASE, "gbench_base");
  const auto slower = record_gbench(GBENCH_AB_SLOWER, "gbench_slower");
  const json written = json::parse(tare_test::slurp(base));
  ASSERT_EQ(written["benchmarks"].size(), 1u);
  // tare's interval over the worker processes it scored: 5 ran; on a busy machine a fork
  // with no steady state is left out of the score, so the count is read, not assumed.
  const int base_forks = written["benchmarks"][0]["tare_forks"];
  const int new_forks = json::parse(tare_test::slurp(slower))["benchmarks"][0]["tare_forks"];
  for (const int forks : {base_forks, new_forks}) {
    EXPECT_GE(forks, 2);
    EXPECT_LE(forks, 5);
  }
  EXPECT_TRUE(written["benchmarks"][0].contains("tare_ci_low"));

  const auto js = (tare_test::scratch_dir() / "gbench_cmp.json").string();
  const auto result =
      tare_test::run_process({TARE_CLI, "compare", base, slower, "--json", js, "--fail-on", "slower"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;  // the gate fails on a slower benchmark
  EXPECT_NE(result.err.find("tare: gate failed: BM_spin"), std::string::npos) << result.err;
  const json doc = json::parse(tare_test::slurp(js));
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "BM_spin");
  EXPECT_TRUE(row["problem"].is_null()) << row.dump();  // compared: no "fewer than 2 good forks"
  EXPECT_EQ(row["base"]["forks"], base_forks);
  EXPECT_EQ(row["new"]["forks"], new_forks);
  // About 4 on a quiet machine; two runs recorded at different moments on a busy one came
  // out 11 apart, so the upper bound only rules out a gross error.
  EXPECT_GT(row["ratio"]["estimate"].get<double>(), 1.5);
  EXPECT_LT(row["ratio"]["estimate"].get<double>(), 40.0);
  EXPECT_GT(row["ratio"]["low"].get<double>(), 1.01);
  EXPECT_EQ(row["verdict"], "slower") << result.out;
  EXPECT_NE(doc["method"].get<std::string>().find("the two files' own intervals over worker processes"),
            std::string::npos)
      << doc["method"];
  // Processes, not repetitions: no Google Benchmark caveat. (The machine's run-to-run
  // variation is unknown from a Google Benchmark-format file, and a note says so.)
  ASSERT_FALSE(doc["notes"].empty());
  for (const auto& note : doc["notes"])
    EXPECT_EQ(note.get<std::string>().find("process-level variation is unknown"), std::string::npos) << note;
  const int fewest = std::min(base_forks, new_forks), most = std::max(base_forks, new_forks);
  const std::string processes =
      fewest == most ? std::to_string(most) : std::to_string(fewest) + " to " + std::to_string(most);
  const std::string stated = "tare::gbench results: each interval combines the two files' own 95% intervals over " +
                             processes + " worker processes a side; the geometric mean combines the rows' intervals alike";
  EXPECT_NE(std::find(doc["notes"].begin(), doc["notes"].end(), stated), doc["notes"].end()) << doc["notes"];
  EXPECT_NE(result.out.find("Note: tare::gbench results"), std::string::npos) << result.out;

  // The other way round: faster, and the gate passes.
  const auto reverse = tare_test::run_process({TARE_CLI, "compare", slower, base, "--fail-on", "slower"});
  EXPECT_EQ(reverse.exit_code, 0) << reverse.out << reverse.err;
  EXPECT_NE(reverse.out.find("faster"), std::string::npos) << reverse.out;
}

TEST(GbenchResults, PlanWorksOnTaresOwnResultsOfATareGbenchBinary) {
  const auto pilot = (tare_test::scratch_dir() / "gbench_pilot.json").string();
  const auto gb = record_gbench(GBENCH_AB_BASE, "gbench_pilot_gb", pilot);

  const auto planned = tare_test::run_process({TARE_CLI, "plan", pilot, "--target-ci", "10%", "--budget", "2s"});
  ASSERT_EQ(planned.exit_code, 0) << planned.err;
  EXPECT_FALSE(gb_results_line_with(planned.out, "BM_spin ").empty()) << planned.out;
  // The command runs the binary itself with tare's options, which the GB layer passes on.
  const std::string command = gb_results_line_with(planned.out, " --filter '^BM_spin$' --forks ");
  ASSERT_FALSE(command.empty()) << planned.out;
  EXPECT_NE(command.find(GBENCH_AB_BASE), std::string::npos) << command;
  const int forks = std::stoi(command.substr(command.find("--forks ") + 8));
  EXPECT_GE(forks, 5);
  const auto again = (tare_test::scratch_dir() / "gbench_planned.json").string();
  const auto executed = tare_test::run_process({"/bin/sh", "-c", command + " --json " + again});
  ASSERT_EQ(executed.exit_code, 0) << executed.err << "\n" << command;
  const json result = json::parse(tare_test::slurp(again));
  ASSERT_EQ(result["benchmarks"].size(), 1u);
  EXPECT_EQ(result["benchmarks"][0]["forks"].size(), static_cast<std::size_t>(forks));

  // The same run's Google Benchmark-format file has no per-fork timings: one line, exit 2.
  const auto refused = tare_test::run_process({TARE_CLI, "plan", gb});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "tare: error: " + gb +
                             ": a Google Benchmark-format file has no per-fork timings to plan with: run the binary "
                             "with --json FILE (tare's own results) and plan from that file\n");
}

}  // namespace
