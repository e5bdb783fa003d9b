// How long a tare::gbench binary runs a benchmark, in Google Benchmark's terms: the settings
// its run records (tare's --json file) for Google Benchmark's run-length flags, and the
// iterations of the <N>x form. Counts and settings only, never a timing.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace run_length_test {

const std::string kProgram = GBCORPUS_REGISTRATION_TARE;
const std::string kOneBenchmark = "--benchmark_filter=^renamed/empty$";

// Runs the program with `flags` and returns tare's results file (its settings, its forks).
nlohmann::json run_settings(const std::vector<std::string>& flags) {
  const auto path = (tare_test::scratch_dir() / "run_length.json").string();
  std::vector<std::string> args{kProgram, kOneBenchmark, "--json", path};
  args.insert(args.end(), flags.begin(), flags.end());
  const auto result = tare_test::run_process(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

void expect_settings(const nlohmann::json& doc, int forks, int max_forks, double measure_ms, double warmup_max_ms) {
  ASSERT_TRUE(doc.is_object() && doc.contains("context")) << doc.dump();
  const auto& settings = doc["context"]["settings"];
  EXPECT_EQ(settings["forks"], forks);
  EXPECT_EQ(settings["max_forks"], max_forks);
  EXPECT_DOUBLE_EQ(settings["measure_ms"].get<double>(), measure_ms);
  EXPECT_DOUBLE_EQ(settings["warmup_max_ms"].get<double>(), warmup_max_ms);
}

// Google Benchmark's 0.5 s: five processes of 100 ms, each warming up for at most as long,
// and a footnote past ±3%. The same whether the flag is absent, 0.5 or 500ms.
TEST(GbenchRunLength, DefaultIsHalfASecondOverFiveProcesses) {
  for (const std::vector<std::string>& flags :
       std::vector<std::vector<std::string>>{{}, {"--benchmark_min_time=500ms"}}) {
    SCOPED_TRACE(flags.empty() ? "no flag" : flags.front());
    const auto doc = run_settings(flags);
    expect_settings(doc, 5, 5, 100, 100);
    EXPECT_DOUBLE_EQ(doc["context"]["settings"]["target_ci_percent"].get<double>(), 3);
    ASSERT_FALSE(doc["benchmarks"].empty());
    for (const auto& b : doc["benchmarks"]) EXPECT_EQ(b["forks"].size(), 5u) << b["name"];
  }
}

// tare's durations, the plain seconds of Google Benchmark 1.7.1, the same short run.
TEST(GbenchRunLength, MinTimeTakesDurationsAndPlainSeconds) {
  expect_settings(run_settings({"--benchmark_min_time=30ms"}), 3, 3, 10, 30);
  expect_settings(run_settings({"--benchmark_min_time=0.03"}), 3, 3, 10, 30);
}

// Each repetition is one process measuring min_time.
TEST(GbenchRunLength, RepetitionsAreProcessesEachMeasuringMinTime) {
  expect_settings(run_settings({"--benchmark_repetitions=2", "--benchmark_min_time=10ms"}), 2, 2, 10, 10);
}

// --target-ci (or --budget, --max-forks) asks for tare's run: processes up to --max-forks.
// tare's own --quiet passes through too.
TEST(GbenchRunLength, TargetCiTurnsOnTaresPrecisionDrivenRun) {
  const auto doc = run_settings({"--target-ci", "50%", "--forks", "2", "--measure-ms", "2", "--warmup-max-ms", "20",
                                 "--quiet"});
  expect_settings(doc, 2, 100, 2, 20);
  EXPECT_DOUBLE_EQ(doc["context"]["settings"]["target_ci_percent"].get<double>(), 50);
}

// Google Benchmark 1.8's <N>x: a run of exactly N iterations in every process (the row's
// Iterations are those its time rests on: N in each process it was scored over).
TEST(GbenchRunLength, IterationsFormRunsExactlyThatMany) {
  const auto result = tare_test::run_process({kProgram, kOneBenchmark, "--benchmark_min_time=7x",
                                              "--benchmark_format=json", "--forks", "2", "--warmup-max-ms", "20"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto doc = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(doc.is_object() && !doc["benchmarks"].empty()) << result.out;
  for (const auto& row : doc["benchmarks"]) {
    EXPECT_EQ(row["tare_forks"], 2) << row.dump();
    EXPECT_EQ(row["iterations"], 2 * 7) << row.dump();
  }
}

TEST(GbenchRunLength, ABadMinTimeIsOneLineNamingTheFlag) {
  for (const std::string value : {"abc", "0", "-1s", "0x", "2y"}) {
    const auto result = tare_test::run_process({kProgram, "--benchmark_min_time=" + value});
    EXPECT_EQ(result.exit_code, 2) << value;
    EXPECT_NE(result.err.find("--benchmark_min_time"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << result.err;
  }
}

}  // namespace run_length_test
