// A team's results history on a PostgreSQL server, end to end: a real server started by the
// test program (tests/support/postgres_server.hpp), a benchmark binary and a Google
// Benchmark one keeping their runs there by URL, `tare history list` reading them back;
// a server that cannot be reached costs the run nothing but the line that says so, and a
// URL libpq does not take is refused before anything is measured.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "command.hpp"
#include "support/postgres_server.hpp"

namespace {

using Json = nlohmann::json;
using tare::test::PostgresServer;
using tare_e2e::kBench;
using tare_e2e::kTare;
using tare_e2e::run_command;

std::vector<std::string> quick_bench(const std::vector<std::string>& extra) {
  std::vector<std::string> args{kBench, "--filter", "^fast.step/size=3$", "--forks", "2", "--max-forks", "2",
                                "--measure-ms", "5", "--warmup-max-ms", "20", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(HistoryOnPostgreSQL, ABenchmarkRunKeptByUrlIsListed) {
  const std::string url = PostgresServer::shared().fresh_database();
  const auto run = run_command(quick_bench({"--history", url, "--commit", "c0ffee"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  // postgres:// and TARE_HISTORY name it too.
  const std::string short_scheme = "postgres://" + url.substr(std::string("postgresql://").size());
  const auto listed = run_command({"/usr/bin/env", "TARE_HISTORY=" + short_scheme, kTare, "history", "list", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const Json list = Json::parse(listed.out);
  EXPECT_EQ(list["history"], short_scheme);
  ASSERT_EQ(list["runs"].size(), 1u);
  EXPECT_EQ(list["runs"][0]["commit"], "c0ffee");
  EXPECT_EQ(list["runs"][0]["benchmarks"], 1);
  EXPECT_EQ(list["runs"][0]["format"], "tare.results/1");
}

#ifdef TARE_E2E_ALLOC_GBENCH
TEST(HistoryOnPostgreSQL, TheGoogleBenchmarkLayerKeepsItsRunsThereToo) {
  const std::string url = PostgresServer::shared().fresh_database();
  const auto run = run_command({TARE_E2E_ALLOC_GBENCH, "--benchmark_filter=BM_three_blocks$",
                                "--benchmark_min_time=0.01", "--history=" + url, "--commit=feed", "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto listed = run_command({kTare, "history", "list", "--json", "--history", url});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const Json list = Json::parse(listed.out);
  ASSERT_EQ(list["runs"].size(), 1u);
  EXPECT_EQ(list["runs"][0]["commit"], "feed");
}
#endif

TEST(HistoryOnPostgreSQL, AServerThatCannotBeReachedCostsTheRunNothing) {
  const auto dir = tare_e2e::scratch_dir() / "history-postgresql-down";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string results = (dir / "r.json").string();
  const std::string where = "127.0.0.1:" + std::to_string(PostgresServer::free_port()) + "/bench";
  const auto run = run_command(quick_bench({"--history", "postgresql://team:s3cret@" + where, "--json", results}));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(results));
  EXPECT_EQ(run.err.rfind("tare: the history postgresql://team@" + where + " was not updated: cannot connect: ", 0), 0u)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_EQ(run.err.find("s3cret"), std::string::npos) << run.err;
  const auto listed = run_command({kTare, "history", "list", "--history", "postgresql://team:s3cret@" + where});
  EXPECT_EQ(listed.exit_code, 2);
  EXPECT_EQ(listed.err.rfind("tare: error: --history postgresql://team@" + where + ": cannot connect: ", 0), 0u)
      << listed.err;
  EXPECT_EQ(std::count(listed.err.begin(), listed.err.end(), '\n'), 1) << listed.err;
  EXPECT_EQ(listed.err.find("s3cret"), std::string::npos) << listed.err;
  std::filesystem::remove_all(dir);
}

TEST(HistoryOnPostgreSQL, AUrlLibpqDoesNotTakeIsRefusedBeforeAnythingIsMeasured) {
  const auto run = run_command(quick_bench({"--history", "postgresql://127.0.0.1/bench?colour=blue"}));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(": error: --history postgresql://127.0.0.1/bench?colour=blue: not a PostgreSQL URL ("),
            std::string::npos)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_EQ(run.out, "");
}

}  // namespace
