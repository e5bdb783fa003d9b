// `tare history check` and `tare history ack` end to end: a history built from results
// files of known scores (Google Benchmark JSON of three repetitions each, added with
// --commit), a 6% slowdown planted at one commit among runs 0.5% apart; check finds it at
// that commit, --fail-on slower exits 1 until it is acknowledged, the Markdown and JSON
// say so, show marks it, and bad input is one line and exit status 2.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

using Json = nlohmann::json;
using tare_e2e::kTare;
using tare_e2e::run_command;

constexpr double kWobble[] = {0.003, -0.004, 0.001, 0.005, -0.002, -0.005, 0.004, -0.001};
constexpr int kCheckedRuns = 16;
constexpr int kSlowerFrom = 10;  // commit "commit10" on: "moved" 6% slower

// Run `i`'s results: "steady" at 100 ns and "moved" at 100 ns, then 106 ns, each of three
// repetitions.
Json run_file(int i) {
  Json rows = Json::array();
  for (int r = 0; r < 3; ++r) {
    const double wobble = 1 + kWobble[(3 * i + r) % 8];
    for (const auto& [name, level] : {std::pair{"steady", 100.0}, std::pair{"moved", i < kSlowerFrom ? 100.0 : 106.0}})
      rows.push_back({{"name", name}, {"run_name", name}, {"run_type", "iteration"}, {"repetitions", 3},
                      {"repetition_index", r}, {"threads", 1}, {"iterations", 1000}, {"real_time", level * wobble},
                      {"cpu_time", level * wobble}, {"time_unit", "ns"}});
  }
  char date[40];
  std::snprintf(date, sizeof date, "2026-11-%02dT10:00:00+00:00", i + 1);
  return {{"context", {{"date", date}, {"host_name", "box"}, {"num_cpus", 2}}}, {"benchmarks", rows}};
}

std::string commit(int i) {
  char name[16];
  std::snprintf(name, sizeof name, "commit%02d", i);
  return name;
}

class HistoryCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tare_e2e::scratch_dir() / "history-check";
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    history_ = (dir_ / "h.sqlite").string();
    for (int i = 0; i < kCheckedRuns; ++i) {
      const std::string file = (dir_ / ("run" + std::to_string(i) + ".json")).string();
      std::ofstream(file) << run_file(i).dump();
      const auto added = run_command({kTare, "history", "add", file, "--commit", commit(i), "--history", history_});
      ASSERT_EQ(added.exit_code, 0) << added.err;
    }
  }
  tare_e2e::CommandResult tare(std::vector<std::string> args) {
    args.insert(args.begin(), kTare);
    args.insert(args.end(), {"--history", history_});
    return run_command(args);
  }
  std::filesystem::path dir_;
  std::string history_;
};

TEST_F(HistoryCheck, FindsThePlantedChangeAtItsCommitAndGatesUntilAcknowledged) {
  const auto checked = tare({"history", "check", "--json"});
  ASSERT_EQ(checked.exit_code, 0) << checked.err;
  const Json report = Json::parse(checked.out);
  EXPECT_EQ(report["history"], history_);
  EXPECT_EQ(report["threshold"], 0.02);
  EXPECT_EQ(report["alerts"], 1);
  ASSERT_EQ(report["benchmarks"].size(), 2u);
  const Json& moved = report["benchmarks"][0];
  EXPECT_EQ(moved["name"], "moved");
  EXPECT_EQ(moved["runs"], kCheckedRuns);
  ASSERT_EQ(moved["changes"].size(), 1u);
  const Json& change = moved["changes"][0];
  EXPECT_EQ(change["commit"], commit(kSlowerFrom));
  EXPECT_EQ(change["run"], kSlowerFrom + 1);  // run ids count from 1
  EXPECT_EQ(change["direction"], "slower");
  EXPECT_NEAR(change["size"].get<double>(), 0.06, 0.005);
  EXPECT_LT(change["ci"]["low"].get<double>(), change["size"].get<double>());
  EXPECT_GT(change["ci"]["high"].get<double>(), change["size"].get<double>());
  EXPECT_EQ(change["code"], "unknown");
  EXPECT_EQ(change["alert"], true);
  EXPECT_TRUE(change["acknowledged"].is_null());
  EXPECT_EQ(report["benchmarks"][1]["name"], "steady");
  EXPECT_TRUE(report["benchmarks"][1]["changes"].empty());

  const std::string markdown = (dir_ / "comment.md").string();
  const auto gated = tare({"history", "check", "--fail-on", "slower", "--markdown", markdown});
  EXPECT_EQ(gated.exit_code, 1);
  EXPECT_NE(gated.out.find(commit(kSlowerFrom)), std::string::npos) << gated.out;
  EXPECT_NE(gated.out.find("ALERT"), std::string::npos) << gated.out;
  EXPECT_EQ(gated.err, "tare: 1 change makes a benchmark slower beyond the threshold, not acknowledged\n");
  const std::string md = tare_e2e::slurp(markdown);
  EXPECT_EQ(md.rfind("### tare history check: 1 alert\n\n", 0), 0u) << md;
  EXPECT_NE(md.find("| benchmark | machine | first commit | change | interval (95%) | timed code | status |\n"
                    "|---|---|---|---|---|---|---|\n| `moved` |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `commit10` | +6.0% slower |"), std::string::npos) << md;
  EXPECT_NE(md.find("| **alert** |"), std::string::npos) << md;

  // Beyond a threshold above it: a change, no alert.
  EXPECT_EQ(tare({"history", "check", "--fail-on", "slower", "--threshold", "8%"}).exit_code, 0);
  // Only what came after commit 11: nothing.
  const auto since = tare({"history", "check", "--since", commit(kSlowerFrom + 1), "--json", "--fail-on", "slower"});
  EXPECT_EQ(since.exit_code, 0) << since.err;
  EXPECT_TRUE(Json::parse(since.out)["benchmarks"][0]["changes"].empty());

  const auto ack = tare({"history", "ack", "moved", commit(kSlowerFrom), "--note", "a bigger table"});
  ASSERT_EQ(ack.exit_code, 0) << ack.err;
  EXPECT_EQ(ack.out, "moved at commit10: the change is acknowledged\n");
  const auto after = tare({"history", "check", "--fail-on", "slower", "--json"});
  EXPECT_EQ(after.exit_code, 0) << after.err;
  const Json acknowledged = Json::parse(after.out)["benchmarks"][0]["changes"][0];
  EXPECT_EQ(acknowledged["alert"], false);
  EXPECT_EQ(acknowledged["acknowledged"]["note"], "a bigger table");
  EXPECT_EQ(acknowledged["acknowledged"]["commit"], commit(kSlowerFrom));
}

TEST_F(HistoryCheck, ShowMarksTheFirstRunAfterTheChange) {
  const auto shown = tare({"history", "show", "--filter", "^moved$", "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const Json runs = Json::parse(shown.out)["benchmarks"][0]["runs"];
  ASSERT_EQ(runs.size(), static_cast<std::size_t>(kCheckedRuns));
  for (int i = 0; i < kCheckedRuns; ++i) {
    if (i != kSlowerFrom) {
      EXPECT_TRUE(runs[i]["change"].is_null()) << i;
      continue;
    }
    EXPECT_EQ(runs[i]["change"]["direction"], "slower");
    EXPECT_NEAR(runs[i]["change"]["size"].get<double>(), 0.06, 0.005);
  }
  const auto table = tare({"history", "show", "--filter", "^moved$"});
  ASSERT_EQ(table.exit_code, 0);
  const auto mark = table.out.find("  ^ +6.0% slower\n");
  ASSERT_NE(mark, std::string::npos) << table.out;
  EXPECT_NE(table.out.substr(table.out.rfind('\n', mark) + 1, mark).find("  commit10  "), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("slower", mark + 17), std::string::npos) << "one mark: " << table.out;
}

// The history's HTML page marks the same change, on the series it cuts, and nowhere else.
TEST_F(HistoryCheck, TheReportMarksTheChangeOnItsSeries) {
  const std::string page = (dir_ / "history.html").string();
  const auto written = tare({"report", "-o", page});
  ASSERT_EQ(written.exit_code, 0) << written.err;
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string label = "class=\"change-mark-label\"";
  const auto first = html.find(label);
  ASSERT_NE(first, std::string::npos) << "no change point drawn";
  EXPECT_EQ(html.find(label, first + label.size()), std::string::npos) << "more than one change point drawn";
  const auto text_end = html.find("</text>", first);
  const std::string text = html.substr(first, text_end - first);
  EXPECT_NE(text.find("+6."), std::string::npos) << text;
  EXPECT_NE(text.find("commit1"), std::string::npos) << text;
  EXPECT_NE(html.find("change point: +6."), std::string::npos) << "the mark's tooltip";
}

TEST_F(HistoryCheck, BadInputIsOneLineAndExitStatusTwo) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"history", "check", "--fail-on", "faster"}, "tare: error: --fail-on faster: the only condition is \"slower\"\n"},
      {{"history", "check", "--since", "nowhere"},
       "tare: error: --since nowhere: neither a date (2026-12-01) nor a commit of a run the history keeps\n"},
      {{"history", "ack", "nothing", "commit10"}, "tare: error: nothing: no benchmark of that name in " + history_ + "\n"},
      {{"history", "ack", "moved", "feed"}, "tare: error: feed: no run of moved at a commit that begins so\n"},
      {{"history", "ack", "moved", "commit1"},
       "tare: error: commit1: names 6 commits of moved (commit10, commit11, ...): give more of it\n"},
  };
  for (const auto& [args, message] : cases) {
    const auto result = tare(args);
    EXPECT_EQ(result.exit_code, 2) << args[2];
    EXPECT_EQ(result.err, message);
  }
  const auto threshold = tare({"history", "check", "--threshold", "lots"});
  EXPECT_EQ(threshold.exit_code, 2);
  EXPECT_EQ(std::count(threshold.err.begin(), threshold.err.end(), '\n'), 1) << threshold.err;
  EXPECT_EQ(threshold.err.rfind("tare: error: --threshold lots", 0), 0u) << threshold.err;
}

}  // namespace
