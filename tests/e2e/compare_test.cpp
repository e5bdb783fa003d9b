// `tare compare` end to end: recorded runs of builds that do the same work, and four times as
// much (a difference no load on a shared machine hides; identical builds are never called
// 25% apart).
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <utility>
#include <nlohmann/json.hpp>

#include "command.hpp"

using nlohmann::json;
using tare_e2e::run_command;

namespace {

using tare_e2e::kTare;

// Records a run of `binary` and returns the results file.
std::string record(const std::string& binary, const std::string& name, const std::string& seed) {
  const auto path = (tare_e2e::scratch_dir() / (name + ".json")).string();
  const auto result = run_command({binary, "--forks", "8", "--max-forks", "8", "--measure-ms", "10",
                                   "--warmup-max-ms", "30", "--seed", seed, "--json", path});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return path;
}

// Records the two builds in alternation, four rounds of two forks each, and pools each
// build's forks in one results file. Two runs recorded one after the other on a shared
// machine (under ctest -j, next to other tests) may meet different loads, and then every
// ratio moves with the machine (see docs/compare.md); alternating spreads both sides over
// the same stretch of time, so what these tests assert is the comparison, not the load.
std::pair<std::string, std::string> record_alternating(const std::string& base_binary, const std::string& new_binary,
                                                       const std::string& name) {
  std::optional<json> pooled[2];
  const std::string binaries[2] = {base_binary, new_binary};
  for (int round = 0; round < 4; ++round)
    for (int side = 0; side < 2; ++side) {
      const auto path = (tare_e2e::scratch_dir() / (name + "_round.json")).string();
      const auto result =
          run_command({binaries[side], "--forks", "2", "--max-forks", "2", "--measure-ms", "10", "--warmup-max-ms",
                       "30", "--seed", std::to_string(10 * round + side), "--json", path});
      EXPECT_EQ(result.exit_code, 0) << result.err;
      json run = json::parse(tare_e2e::slurp(path));
      if (!pooled[side]) {
        pooled[side] = std::move(run);
        continue;
      }
      json& forks = (*pooled[side])["benchmarks"][0]["forks"];
      for (auto& fork : run["benchmarks"][0]["forks"]) forks.push_back(std::move(fork));
    }
  std::string paths[2];
  for (int side = 0; side < 2; ++side) {
    paths[side] = (tare_e2e::scratch_dir() / (name + (side == 0 ? "_base.json" : "_new.json"))).string();
    std::ofstream(paths[side]) << pooled[side]->dump();
  }
  return {paths[0], paths[1]};
}

}  // namespace

TEST(Compare, FourTimesTheWorkIsSlowerAndFailsTheGate) {
  const auto [base, slower] = record_alternating(TARE_AB_BASE, TARE_AB_SLOWER, "fourfold");
  const auto md = (tare_e2e::scratch_dir() / "cmp.md").string();
  const auto js = (tare_e2e::scratch_dir() / "cmp.json").string();
  const auto result = run_command({kTare, "compare", base, slower, "--fail-on", "slower", "--markdown", md, "--json", js});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("slower"), std::string::npos) << result.out;
  const json doc = json::parse(tare_e2e::slurp(js));
  EXPECT_EQ(doc["schema"], "tare.compare/2");
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["verdict"], "slower");
  // 400 rounds against 100, plus the same loop overhead on both sides (and codegen that
  // differs a little between compilers): about 4 on a quiet machine; the two runs are
  // recorded at different moments, so a busy machine moves it by factors, and the upper
  // bound only rules out a gross error.
  EXPECT_GT(row["ratio"]["estimate"].get<double>(), 1.5);
  EXPECT_LT(row["ratio"]["estimate"].get<double>(), 40.0);
  EXPECT_GT(row["ratio"]["low"].get<double>(), 1.01);
  EXPECT_NE(tare_e2e::slurp(md).find("| `ab.spin` |"), std::string::npos);

  // The other way round it is faster, and the gate passes.
  const auto reverse = run_command({kTare, "compare", slower, base, "--fail-on", "slower"});
  EXPECT_EQ(reverse.exit_code, 0) << reverse.out;
  EXPECT_NE(reverse.out.find("faster"), std::string::npos) << reverse.out;
}

TEST(Compare, IdenticalBuildsAreNotCalledDifferent) {
  const auto [base, same] = record_alternating(TARE_AB_BASE, TARE_AB_SAME, "identical");
  const auto js = (tare_e2e::scratch_dir() / "aa.json").string();
  // Separate processes at interleaved moments: a direction may be named (by design at most
  // 1 time in 20), but never a difference beyond the 25% asked for here. Pairing (tare ab) is what calls small differences; see
  // ab_test.cpp.
  const auto wide = run_command({kTare, "compare", base, same, "--threshold", "25%", "--json", js});
  ASSERT_EQ(wide.exit_code, 0) << wide.err;
  const json row = json::parse(tare_e2e::slurp(js))["benchmarks"][0];
  EXPECT_NE(row["against_threshold"], "beyond") << wide.out;
  EXPECT_FALSE(row["fails_gate"].get<bool>()) << wide.out;
}

TEST(Compare, BadInputIsOneLineAndExitTwo) {
  const auto base = record(TARE_AB_BASE, "b", "5");
  const auto garbage = (tare_e2e::scratch_dir() / "garbage.json").string();
  { std::ofstream(garbage) << "{\"schema\": \"tare.results/9\"}"; }
  const auto wrong_schema = run_command({kTare, "compare", base, garbage});
  EXPECT_EQ(wrong_schema.exit_code, 2);
  EXPECT_NE(wrong_schema.err.find("unsupported schema \"tare.results/9\""), std::string::npos) << wrong_schema.err;
  EXPECT_EQ(std::count(wrong_schema.err.begin(), wrong_schema.err.end(), '\n'), 1);

  const auto other = (tare_e2e::scratch_dir() / "other.json").string();
  const auto ran = run_command({TARE_E2E_BENCH, "--filter", "^fast.step/size=3$", "--forks", "2", "--max-forks", "2",
                                "--measure-ms", "2", "--warmup-max-ms", "10", "--json", other});
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const auto disjoint = run_command({kTare, "compare", base, other});
  EXPECT_EQ(disjoint.exit_code, 2);
  EXPECT_NE(disjoint.err.find("no benchmark in common"), std::string::npos) << disjoint.err;

  const auto missing = run_command({kTare, "compare", base, "/nonexistent.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "tare: error: /nonexistent.json: cannot open\n");

  const auto bad_gate = run_command({kTare, "compare", base, base, "--fail-on", "faster"});
  EXPECT_EQ(bad_gate.exit_code, 2);
}

TEST(Compare, ReadsGoogleBenchmarkJsonAndSaysWhatItCannotKnow) {
#ifndef TARE_GBENCH_BASE
  GTEST_SKIP() << "Google Benchmark (libbenchmark-dev) not found at configure time";
#else
  auto record_gbench = [](const std::string& binary, const std::string& name) {
    const auto path = (tare_e2e::scratch_dir() / (name + ".json")).string();
    const auto result = run_command({binary, "--benchmark_repetitions=6", "--benchmark_min_time=0.01",
                                     "--benchmark_format=json", "--benchmark_out=" + path});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return path;
  };
  const auto base = record_gbench(TARE_GBENCH_BASE, "gb_base");
  const auto slower = record_gbench(TARE_GBENCH_SLOWER, "gb_slower");
  const auto js = (tare_e2e::scratch_dir() / "gb_cmp.json").string();
  const auto result = run_command({kTare, "compare", base, slower, "--json", js});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("process-level variation is unknown"), std::string::npos) << result.out;
  const json doc = json::parse(tare_e2e::slurp(js));
  ASSERT_EQ(doc["benchmarks"].size(), 1u);  // the aggregates (_mean, _median, ...) are not benchmarks
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "BM_spin");
  EXPECT_EQ(row["base"]["forks"], 6);  // one per repetition
  EXPECT_GT(row["ratio"]["estimate"].get<double>(), 1.5);  // four times the rounds
  EXPECT_EQ(row["verdict"], "slower");
  // What it cannot know: the processes' variation, the machine's from run to run, a slow
  // start (Google Benchmark records no watch), and whether the timed code changed (a
  // direction named on code it could not compare).
  EXPECT_EQ(doc["notes"].size(), 4u) << doc["notes"].dump();
  EXPECT_NE(doc["notes"].dump().find("BM_spin: no slow start was looked for"), std::string::npos);
  EXPECT_NE(doc["notes"].dump().find("BM_spin: whether the timed code changed was not checked"), std::string::npos);
#endif
}

// Google Benchmark's own files without --benchmark_repetitions hold one repetition a
// benchmark: nothing to build an interval from. The report says so in Google Benchmark's
// words, naming the flag that gives more, and never speaks of forks; a gate fails closed.
TEST(Compare, GoogleBenchmarkFilesOfOneRepetitionNameTheRepetitionsFlag) {
#ifndef TARE_GBENCH_BASE
  GTEST_SKIP() << "Google Benchmark (libbenchmark-dev) not found at configure time";
#else
  auto record_gbench = [](const std::string& binary, const std::string& name) {
    const auto path = (tare_e2e::scratch_dir() / (name + ".json")).string();
    const auto result = run_command({binary, "--benchmark_min_time=0.01", "--benchmark_out_format=json",
                                     "--benchmark_out=" + path});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return path;
  };
  const auto base = record_gbench(TARE_GBENCH_BASE, "gb_once_base");
  const auto slower = record_gbench(TARE_GBENCH_SLOWER, "gb_once_slower");
  const json written = json::parse(tare_e2e::slurp(base));
  ASSERT_EQ(written["benchmarks"].size(), 1u);
  ASSERT_EQ(written["benchmarks"][0]["repetitions"], 1) << "Google Benchmark (a fault of the test)";
  const std::string problem =
      "each file has 1 repetition: no interval (rerun both with --benchmark_repetitions=N, N ≥ 2)";
  const auto js = (tare_e2e::scratch_dir() / "gb_once_cmp.json").string();
  const auto result = run_command({kTare, "compare", base, slower, "--json", js});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("not compared: " + problem), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("fork"), std::string::npos) << result.out;
  EXPECT_EQ(json::parse(tare_e2e::slurp(js))["benchmarks"][0]["problem"], problem);
  const auto gate = run_command({kTare, "compare", base, slower, "--fail-on", "slower"});
  EXPECT_EQ(gate.exit_code, 1) << gate.out << gate.err;
  EXPECT_NE(gate.err.find("tare: gate failed: BM_spin: not compared: " + problem), std::string::npos) << gate.err;
#endif
}

// A gate fails closed: a benchmark that crashed in the new build, or that the new build no
// longer has, is no pass; each is named with its reason.
TEST(Compare, AGateFailsWhenTheNewBuildCrashedOrLostABenchmark) {
  const auto base = record(TARE_AB_BASE, "gate_base", "5");
  json crashed = json::parse(tare_e2e::slurp(base));
  ASSERT_FALSE(crashed["benchmarks"].empty());
  for (auto& b : crashed["benchmarks"]) {
    b["status"] = "failed";
    b["error"] = "killed by signal 11 (Segmentation fault)";
    ASSERT_FALSE(b["forks"].empty());
    for (auto& fork : b["forks"]) {
      fork["status"] = "failed";
      fork["error"] = "killed by signal 11 (Segmentation fault)";
    }
  }
  const auto crashed_path = (tare_e2e::scratch_dir() / "gate_crashed.json").string();
  std::ofstream(crashed_path) << crashed.dump();
  const auto gate = run_command({kTare, "compare", base, crashed_path, "--fail-on", "slower"});
  EXPECT_EQ(gate.exit_code, 1) << gate.out << gate.err;
  const std::string name = crashed["benchmarks"][0]["name"];
  EXPECT_NE(gate.err.find("tare: gate failed: " + name + ": not compared: failed in the new run"), std::string::npos)
      << gate.err;
  // Without a gate the comparison reports it and exits 0.
  EXPECT_EQ(run_command({kTare, "compare", base, crashed_path}).exit_code, 0);

  // The new build lost a benchmark the base had.
  json lost = json::parse(tare_e2e::slurp(base));
  json extra = lost["benchmarks"][0];
  extra["name"] = extra["family"] = "removed.bench";
  lost["benchmarks"].push_back(extra);
  const auto with_extra = (tare_e2e::scratch_dir() / "gate_with_extra.json").string();
  std::ofstream(with_extra) << lost.dump();
  const auto missing = run_command({kTare, "compare", with_extra, base, "--fail-on", "slower"});
  EXPECT_EQ(missing.exit_code, 1) << missing.out << missing.err;
  EXPECT_NE(missing.err.find("tare: gate failed: removed.bench: missing from the new build"), std::string::npos)
      << missing.err;
  // A benchmark only the new build has is new, not a failure.
  EXPECT_EQ(run_command({kTare, "compare", base, with_extra, "--fail-on", "slower"}).exit_code, 0);
}
