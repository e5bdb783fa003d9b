// --prof instructions and --metric instructions end to end: a benchmark whose operation is
// exactly 100 (or 150) instructions, counted by callgrind in a worker of its own. Counts do
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

using tare_e2e::kTare;

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
  EXPECT_EQ(console.find("Rep strings/op"), std::string::npos) << console;  // a block of nops has none
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

TEST(Instructions, CompareByInstructionsGivesTheExactRatioAndRefusesFilesWithoutCounts) {
  const CountedJson base = counted_run(TARE_E2E_NOPS_BASE, "nops_base.json");
  const CountedJson more = counted_run(TARE_E2E_NOPS_MORE, "nops_more.json");
  const double base_count = counted_metric(base, "instructions");
  const double more_count = counted_metric(more, "instructions");
  EXPECT_EQ(more_count - base_count, 50);
  const auto out = (tare_e2e::scratch_dir() / "nops_compare.json").string();
  const auto result = run_command({kTare, "compare", "--metric", "instructions",
                                   (tare_e2e::scratch_dir() / "nops_base.json").string(),
                                   (tare_e2e::scratch_dir() / "nops_more.json").string(), "--json", out});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const CountedJson doc = CountedJson::parse(tare_e2e::slurp(out));
  EXPECT_EQ(doc["metric"], "instructions");
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const CountedJson& row = doc["benchmarks"][0];
  EXPECT_EQ(row["unit"], "instructions/op");
  EXPECT_EQ(row["ratio"]["estimate"].get<double>(), more_count / base_count);
  EXPECT_EQ(row["ratio"]["low"], row["ratio"]["estimate"]);
  EXPECT_EQ(row["verdict"], "slower");
  EXPECT_EQ(row["against_threshold"], "beyond");
  EXPECT_NE(result.out.find("Metric: instructions per operation"), std::string::npos) << result.out;

  // A file recorded without --prof instructions: one line naming it, exit 2.
  const auto timed = (tare_e2e::scratch_dir() / "nops_timed.json").string();
  ASSERT_EQ(run_command({TARE_E2E_NOPS_BASE, "--forks", "2", "--max-forks", "2", "--measure-ms", "2",
                         "--warmup-max-ms", "20", "--json", timed})
                .exit_code,
            0);
  const auto refused = run_command({kTare, "compare", "--metric", "instructions", timed,
                                    (tare_e2e::scratch_dir() / "nops_more.json").string()});
  EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
  EXPECT_EQ(refused.err, "tare: error: " + timed +
                             ": no instruction counts (--metric instructions needs results recorded with --prof "
                             "instructions)\n");
}

TEST(Instructions, AbByInstructionsCountsEachBuildTwiceAndGivesTheExactRatio) {
  const auto out = (tare_e2e::scratch_dir() / "nops_ab.json").string();
  const auto result = run_command({kTare, "ab", TARE_E2E_NOPS_BASE, TARE_E2E_NOPS_MORE, "--metric", "instructions",
                                   "--fail-on", "slower", "--json", out});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;  // 50% more instructions fails the gate
  const CountedJson doc = CountedJson::parse(tare_e2e::slurp(out));
  EXPECT_EQ(doc["metric"], "instructions");
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const CountedJson& row = doc["benchmarks"][0];
  ASSERT_TRUE(row["problem"].is_null()) << row.dump();
  EXPECT_EQ(row["base"]["forks"], 2);  // two callgrind runs per build
  EXPECT_EQ(row["new"]["forks"], 2);
  const double base_count = row["base"]["score"].get<double>();
  const double new_count = row["new"]["score"].get<double>();
  EXPECT_EQ(new_count - base_count, 50);
  EXPECT_EQ(row["ratio"]["estimate"].get<double>(), new_count / base_count);
  // Both runs of each build counted the same: the ratio is one point, and no note says otherwise.
  EXPECT_EQ(row["ratio"]["low"], row["ratio"]["estimate"]);
  EXPECT_EQ(row["ratio"]["high"], row["ratio"]["estimate"]);
  EXPECT_TRUE(doc["notes"].empty()) << doc["notes"].dump();
  EXPECT_EQ(row["verdict"], "slower");
  EXPECT_TRUE(row["fails_gate"].get<bool>());
}

TEST(Instructions, ABenchmarkCallgrindCannotCountGetsAWarningAndTheRunGoesOn) {
  const auto path = (tare_e2e::scratch_dir() / "counted_threads.json").string();
  std::vector<std::string> args{tare_e2e::kBench, "--filter", "^threaded\\.step|^empty\\.nothing$"};
  args.insert(args.end(), kShortRun.begin(), kShortRun.end());
  args.insert(args.end(), {"--json", path});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const CountedJson run = CountedJson::parse(tare_e2e::slurp(path));
  ASSERT_EQ(run["benchmarks"].size(), 2u) << run["benchmarks"].dump();
  for (const CountedJson& b : run["benchmarks"]) {
    if (b["threads"] == 2) {
      EXPECT_TRUE(b["instruction_counts"].is_null()) << b.dump();
      EXPECT_TRUE(b["profile"].empty()) << b.dump();
      const std::string warnings = b["warnings"].dump();
      EXPECT_NE(warnings.find("--prof instructions: not counted under callgrind: instructions are counted for "
                              "single-threaded benchmarks only (this one runs 2 threads)"),
                std::string::npos)
          << warnings;
    } else {
      // An empty operation costs exactly what the empty loop costs, and runs no rep string.
      ASSERT_EQ(b["profile"].size(), 3u) << b.dump();
      EXPECT_EQ(b["profile"][0]["mean"], b["profile"][1]["mean"]) << b["profile"].dump();
      EXPECT_EQ(b["profile"][2]["metric"], "rep_string_instructions");
      EXPECT_EQ(b["profile"][2]["mean"], 0) << b["profile"].dump();
    }
  }
}

// An operation of a rep stosb of 1000 bytes and a rep movsb of 500 (hot_loops_bench.cpp):
// callgrind counts each iteration and once more where each ends, 1502 an operation, and the
// output says so: a column and its line under the instructions table, a share in the asm
// block, the raw counts in the JSON.
TEST(Instructions, RepStringIterationsAreCountedExactlyAndSaidToBeCountedPerIteration) {
  const auto path = (tare_e2e::scratch_dir() / "rep_strings.json").string();
  std::vector<std::string> args{TARE_E2E_HOT_LOOPS_BENCH, "--filter", "^rep\\.", "--prof", "asm"};
  args.insert(args.end(), kShortRun.begin(), kShortRun.end());
  args.insert(args.end(), {"--json", path});
  const auto result = run_command(args);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const CountedJson run = CountedJson::parse(tare_e2e::slurp(path));
  ASSERT_EQ(run["benchmarks"].size(), 1u);
  const CountedJson& b = run["benchmarks"][0];
  double rep_strings = -1, instructions = -1;
  for (const CountedJson& m : b["profile"]) {
    if (m["metric"] == "rep_string_instructions") rep_strings = m["mean"].get<double>();
    if (m["metric"] == "instructions") instructions = m["mean"].get<double>();
  }
  EXPECT_EQ(rep_strings, 1001 + 501) << b["profile"].dump();
  EXPECT_GT(instructions, rep_strings);  // and the few instructions around them
  EXPECT_LT(instructions, rep_strings + 20);
  const CountedJson& counts = b["instruction_counts"];
  ASSERT_TRUE(counts["rep_strings"].is_array()) << counts.dump();
  EXPECT_EQ(counts["rep_strings"][1].get<double>() - counts["rep_strings"][0].get<double>(),
            1502 * counts["invocations"].get<double>());
  // The asm profiler's worker counted the same batch of 2N invocations.
  const CountedJson& hot = b["hot_code"];
  ASSERT_TRUE(hot.is_object()) << b["warnings"].dump();
  EXPECT_EQ(hot["rep_string_instructions"], counts["rep_strings"][1]);
  EXPECT_NE(result.out.find("Body/op  Rep strings/op"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Rep strings/op: of Instructions/op, the counts at rep-prefixed string instructions (rep "
                            "stos, rep movs, …): callgrind counts such an instruction once per iteration, and once "
                            "more where it ends"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("of the batch's count is at rep-prefixed string instructions"), std::string::npos)
      << result.out;
}
