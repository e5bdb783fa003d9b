// The results history end to end: real benchmark binaries keep their runs in a history
// file, and `tare history` lists, shows and exports them; files that are no history are
// refused before anything is measured, and a history that cannot be written costs the run
// nothing but the line that says so.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

using Json = nlohmann::json;
using tare_e2e::kBench;
using tare_e2e::kTare;
using tare_e2e::run_command;

// A fresh folder of this test's own.
std::filesystem::path history_dir(const std::string& name) {
  const auto dir = tare_e2e::scratch_dir() / ("history-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// A quick run of two benchmarks (a time per operation and a throughput), with `extra` options.
tare_e2e::CommandResult quick_run(const std::vector<std::string>& extra) {
  std::vector<std::string> args{kBench, "--filter", "^(fast.step/size=3|modes.rate)$", "--forks", "2", "--max-forks",
                                "2", "--measure-ms", "5", "--warmup-max-ms", "20", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_command(args);
}

Json tare_json(const std::vector<std::string>& args) {
  std::vector<std::string> command{kTare};
  command.insert(command.end(), args.begin(), args.end());
  const auto result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return Json::parse(result.out);
}

TEST(History, RunsKeptAreListedShownAndExported) {
  const auto dir = history_dir("kept");
  const std::string history = (dir / "runs.sqlite").string();
  const std::string results = (dir / "second.json").string();
  const auto first = quick_run({"--history", history, "--commit", "c0ffee", "--branch", "main"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto second = quick_run({"--history", history, "--commit", "c0ffee", "--branch", "main", "--json", results});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(Json::parse(tare_e2e::slurp(results))["context"]["between_runs"]["history"], history);

  // The second run's file is that run: kept once.
  const auto added = run_command({kTare, "history", "add", results, "--history", history});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_EQ(added.out, results + ": kept already (the same run), not added again\n");

  const Json list = tare_json({"history", "list", "--json", "--history", history});
  EXPECT_EQ(list["history"], history);
  ASSERT_EQ(list["runs"].size(), 2u);
  for (const auto& run : list["runs"]) {
    EXPECT_EQ(run["benchmarks"], 2);
    EXPECT_EQ(run["commit"], "c0ffee");
    EXPECT_EQ(run["branch"], "main");
    EXPECT_EQ(run["format"], "tare.results/1");
  }

  const Json shown = tare_json({"history", "show", "--json", "--history", history});
  ASSERT_EQ(shown["benchmarks"].size(), 2u);
  EXPECT_EQ(shown["benchmarks"][0]["name"], "fast.step/size=3");
  EXPECT_EQ(shown["benchmarks"][0]["unit"], "ns/op");
  EXPECT_EQ(shown["benchmarks"][1]["name"], "modes.rate");
  EXPECT_EQ(shown["benchmarks"][1]["mode"], "thrpt");
  for (const auto& series : shown["benchmarks"]) {
    ASSERT_EQ(series["runs"].size(), 2u);
    for (const auto& run : series["runs"]) {
      EXPECT_GT(run["score"].get<double>(), 0);
      EXPECT_EQ(run["forks"], 2);
      EXPECT_LT(run["ci"]["low"].get<double>(), run["ci"]["high"].get<double>());
    }
  }
  EXPECT_EQ(tare_json({"history", "show", "--json", "--filter", "rate$", "--history", history})["benchmarks"].size(), 1u);

  const auto text = run_command({"/usr/bin/env", "LANG=C.UTF-8", kTare, "history", "show", "--history", history});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("fast.step/size=3  avgt, "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("2 runs  "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("c0ffee"), std::string::npos) << text.out;

  const Json exported = tare_json({"history", "export", "--history", history});
  ASSERT_EQ(exported["runs"].size(), 2u);
  EXPECT_EQ(exported["speed_readings"].size(), 2u);
  for (const auto& run : exported["runs"]) {
    EXPECT_EQ(run["benchmarks"].size(), 2u);
    EXPECT_EQ(run["results"]["schema"], "tare.results/1");
    EXPECT_EQ(run["results"]["benchmarks"].size(), 2u);
    EXPECT_EQ(run["benchmarks"][0]["fork_means"].size(), 2u);
  }
  const auto csv = run_command({kTare, "history", "export", "--format", "csv", "--history", history});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 5);  // a header, a line per benchmark of a run
  EXPECT_EQ(csv.out.rfind("run,date,time,machine,", 0), 0u) << csv.out;
}

TEST(History, AFileThatIsNoHistoryIsRefusedBeforeAnythingIsMeasured) {
  const auto dir = history_dir("foreign");
  const auto foreign = dir / "notes.sqlite";
  std::ofstream(foreign) << "my notes\n";
  const std::string results = (dir / "r.json").string();
  for (const auto& how : {std::vector<std::string>{"--history", foreign.string()}, std::vector<std::string>{}}) {
    std::vector<std::string> args{"/usr/bin/env", "TARE_HISTORY=" + foreign.string(), kBench, "--json", results};
    args.insert(args.end(), how.begin(), how.end());
    const auto run = run_command(args);
    EXPECT_EQ(run.exit_code, 2) << run.err;
    const std::string named = how.empty() ? "TARE_HISTORY=" : "--history ";
    EXPECT_NE(run.err.find(": error: " + named + foreign.string() + ": not a tare history"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_FALSE(std::filesystem::exists(results));
    EXPECT_EQ(tare_e2e::slurp(foreign), "my notes\n");
  }
  const auto listed = run_command({kTare, "history", "list", "--history", foreign.string()});
  EXPECT_EQ(listed.exit_code, 2);
  EXPECT_NE(listed.err.find("not a tare history"), std::string::npos) << listed.err;
}

TEST(History, AHistoryThatCannotBeWrittenLeavesTheRunAndItsFilesAsTheyWere) {
  const auto dir = history_dir("read-only");
  const auto history = dir / "runs.sqlite";
  ASSERT_EQ(quick_run({"--history", history.string()}).exit_code, 0);
  ::chmod(history.c_str(), 0444);
  const auto out = dir / "out";
  std::filesystem::create_directories(out);
  ::chmod(out.c_str(), 0777);
  // root writes whatever the file's mode says: the run is then made by nobody.
  std::vector<std::string> args;
  if (::geteuid() == 0) args = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
  for (const auto& a : {kBench, std::string("--filter"), std::string("^fast.step/size=3$"), std::string("--forks"),
                        std::string("2"), std::string("--measure-ms"), std::string("5"), std::string("--warmup-max-ms"),
                        std::string("20"), std::string("--quiet"), std::string("--history"), history.string(),
                        std::string("--json"), (out / "r.json").string()})
    args.push_back(a);
  const auto run = run_command(args);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(out / "r.json"));
  EXPECT_NE(run.err.find("tare: the history " + history.string() + " was not updated: "), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_EQ(tare_json({"history", "list", "--json", "--history", history.string()})["runs"].size(), 1u);
}

TEST(History, TheDefaultHistoryLivesInTheDataFolderAndTakesInTheOldSpeedHistory) {
  const auto dir = history_dir("default");
  std::filesystem::create_directories(dir / "cache/tare");
  std::ofstream(dir / "cache/tare/speed-history.jsonl")
      << R"({"time":100,"machine":"elsewhere","reference_ns":2.5})" << "\n"
      << R"({"time":200,"machine":"elsewhere","reference_ns":2.6})" << "\n";
  const std::vector<std::string> env{"/usr/bin/env", "-u", "TARE_HISTORY", "XDG_DATA_HOME=" + (dir / "data").string(),
                                     "XDG_CACHE_HOME=" + (dir / "cache").string()};
  for (int run = 0; run < 2; ++run) {
    std::vector<std::string> args = env;
    for (const auto& a : {kBench, std::string("--filter"), std::string("^fast.step/size=3$"), std::string("--forks"),
                          std::string("2"), std::string("--measure-ms"), std::string("5"),
                          std::string("--warmup-max-ms"), std::string("20"), std::string("--quiet")})
      args.push_back(a);
    ASSERT_EQ(run_command(args).exit_code, 0);
  }
  const auto history = dir / "data/tare/history.sqlite";
  ASSERT_TRUE(std::filesystem::exists(history));
  std::vector<std::string> exported = env;
  exported.insert(exported.end(), {kTare, "history", "export"});
  const auto result = run_command(exported);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Json all = Json::parse(result.out);
  EXPECT_EQ(all["history"], history.string());
  EXPECT_EQ(all["runs"].size(), 2u);
  EXPECT_EQ(all["speed_readings"].size(), 4u);  // the two imported once, and one per run
}

TEST(History, TheHistoryCommandsNeedAResultsHistory) {
  const auto dir = history_dir("commands");
  const auto off = run_command({kTare, "history", "list", "--history", "off"});
  EXPECT_EQ(off.exit_code, 2);
  EXPECT_EQ(off.err, "tare: error: --history off: no results history to read (--history PATH or URL names one)\n");
  const auto missing = run_command({kTare, "history", "show", "--history", (dir / "none.sqlite").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no history there"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "none.sqlite"));
  const auto bad = run_command({kTare, "history", "add", (dir / "none.json").string(), "--history",
                                (dir / "h.sqlite").string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "tare: error: " + (dir / "none.json").string() + ": cannot open\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "h.sqlite"));
}

#ifdef TARE_E2E_ALLOC_GBENCH
// The Google Benchmark layer takes tare's options in its own style too (--history=PATH).
TEST(History, TheGoogleBenchmarkLayerKeepsItsRunsToo) {
  const auto dir = history_dir("gbench");
  const std::string history = (dir / "gb.sqlite").string();
  const auto run = run_command({TARE_E2E_ALLOC_GBENCH, "--benchmark_filter=BM_three_blocks$",
                                "--benchmark_min_time=0.01", "--history=" + history, "--commit=feed", "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Json list = tare_json({"history", "list", "--json", "--history", history});
  ASSERT_EQ(list["runs"].size(), 1u);
  EXPECT_EQ(list["runs"][0]["benchmarks"], 1);
  EXPECT_EQ(list["runs"][0]["commit"], "feed");
}
#endif

#ifdef TARE_GBENCH_BASE
// Google Benchmark's own JSON is added as it was written.
TEST(History, GoogleBenchmarkFilesAreAddedOnce) {
  const auto dir = history_dir("gbench-file");
  const std::string file = (dir / "gb.json").string(), history = (dir / "h.sqlite").string();
  ASSERT_EQ(run_command({TARE_GBENCH_BASE, "--benchmark_min_time=0.01", "--benchmark_repetitions=3",
                         "--benchmark_out=" + file, "--benchmark_out_format=json"})
                .exit_code,
            0);
  const auto added = run_command({kTare, "history", "add", file, file, "--history", history, "--commit", "abc"});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_NE(added.out.find(file + ": added ("), std::string::npos) << added.out;
  EXPECT_NE(added.out.find(file + ": kept already"), std::string::npos) << added.out;
  const Json exported = tare_json({"history", "export", "--history", history});
  ASSERT_EQ(exported["runs"].size(), 1u);
  EXPECT_EQ(exported["runs"][0]["format"], "gbench");
  EXPECT_EQ(exported["runs"][0]["commit"], "abc");
  EXPECT_EQ(exported["runs"][0]["benchmarks"][0]["forks"], 3);
  EXPECT_TRUE(exported["runs"][0]["results"].contains("benchmarks"));
}
#endif

}  // namespace
