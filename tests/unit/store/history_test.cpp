// The results history as the runner and `tare history` use it: runs recorded and read
// back, the same run kept once, a benchmark's earlier scores on this machine (a change of
// its code starting a new series), speed readings, and an old speed history imported once:
// on each backend (an SQLite file, a PostgreSQL database).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "report/json_read.hpp"
#include "report/json_write.hpp"
#include "store/history_queries.hpp"
#include "store/open_history.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_backend.hpp"
#include "store_fixture.hpp"
#include "system/speed_history.hpp"

namespace tare::store {
namespace {

using test::benchmark;
using test::kMachine;
using test::run_of;
using test::ScratchDir;

std::unique_ptr<ResultsHistory> new_history(const ScratchDir& dir, RunOrigin origin = {}) {
  auto opened = open_results_history(dir.path() / "h.sqlite", "h", true);
  return std::make_unique<ResultsHistory>(open_sqlite(dir.path() / "h.sqlite", SqliteAccess::read_write),
                                          opened->location(), origin);
}

// A new history of the test's backend, recording with `origin`.
std::unique_ptr<ResultsHistory> new_history(const test::StoreUnderTest& store, RunOrigin origin = {}) {
  const std::string location = store.open(true)->location();
  return std::make_unique<ResultsHistory>(store.connect(), location, origin);
}

class ResultsHistoryOn : public test::OnEachBackend {};
TARE_ON_EACH_BACKEND(ResultsHistoryOn);

TEST_P(ResultsHistoryOn, ARecordedRunIsReadBackWithItsContextOriginAndBenchmarks) {
  auto history = new_history(store, {"abc123", "main", true, "6.1.0"});
  auto b = benchmark("sort/size=8", {10, 12, 11});
  b.ci_across_runs = results::Interval{0.95, 9, 13};
  results::Warning busy;
  busy.code = results::WarningCode::machine_busy;
  b.warnings.push_back(busy);
  b.code = test::code("00aa");
  history->record(run_of("2026-03-01T12:00:00Z", {b, benchmark("empty", {})}));

  const auto runs = stored_runs(history->database(), true, true);
  ASSERT_EQ(runs.size(), 1u);
  const RunRow& run = runs[0].row;
  EXPECT_EQ(run.time, 1772366400);
  EXPECT_EQ(run.date, "2026-03-01T12:00:00Z");
  EXPECT_EQ(run.machine, kMachine);
  EXPECT_EQ(run.cores, 4);
  EXPECT_EQ(run.origin.commit, "abc123");
  EXPECT_EQ(run.origin.branch, "main");
  EXPECT_EQ(run.origin.dirty, std::optional<bool>(true));
  EXPECT_EQ(run.origin.kernel, "6.1.0");
  EXPECT_EQ(run.format, kTareFormat);
  EXPECT_EQ(runs[0].benchmark_count, 2);
  ASSERT_EQ(run.benchmarks.size(), 2u);
  const BenchmarkRow& sorted = run.benchmarks[0];
  EXPECT_EQ(sorted.name, "sort/size=8");
  EXPECT_EQ(sorted.mode, "avgt");
  EXPECT_EQ(sorted.unit, "ns/op");
  EXPECT_DOUBLE_EQ(*sorted.score, 11);
  EXPECT_DOUBLE_EQ(sorted.ci->low, 10.89);
  EXPECT_DOUBLE_EQ(sorted.ci_across_runs->high, 13);
  EXPECT_EQ(sorted.forks, 3);
  EXPECT_EQ(sorted.fork_means, (std::vector<double>{10, 12, 11}));
  EXPECT_DOUBLE_EQ(sorted.standard_error, 1 / std::sqrt(3.0));  // SD 1 over √3
  EXPECT_EQ(sorted.warnings, std::vector<std::string>{"machine_busy"});
  EXPECT_EQ(sorted.code_digest, code_digest(test::code("00aa")));
  EXPECT_FALSE(run.benchmarks[1].score);
  EXPECT_EQ(run.benchmarks[1].forks, 0);
  // The whole results, as the binary's --json would hold them.
  std::istringstream json(run.results_json);
  EXPECT_EQ(report::read_json(json).benchmarks.size(), 2u);
}

TEST_P(ResultsHistoryOn, TheSameRunIsKeptOnceWhetherRecordedOrAddedFromItsFile) {
  auto history = new_history(store);
  const auto run = run_of("2026-03-01T12:00:00Z", {benchmark("a", {1, 2})});
  history->record(run);
  history->record(run);
  // Its --json file read back and added: the same text, the same hash.
  std::ostringstream written;
  report::write_json(run, written);
  std::istringstream file(written.str());
  EXPECT_FALSE(history->add(run_row(report::read_json(file), {"other-commit", "", {}, ""})));
  EXPECT_TRUE(history->add(run_row(run_of("2026-03-01T12:00:01Z", {benchmark("a", {1, 2})}), {})));
  EXPECT_EQ(stored_runs(history->database(), false, false).size(), 2u);
  EXPECT_EQ(history->speed_readings(kMachine).size(), 2u);
}

TEST_P(ResultsHistoryOn, PastScoresAreThisMachinesOfTheSameBenchmarkOldestFirst) {
  auto history = new_history(store);
  auto throughput = benchmark("a", {5, 5});
  throughput.mode = Mode::thrpt;
  throughput.unit = "ops/s";
  history->record(run_of("2026-03-01T12:00:02Z", {benchmark("a", {3, 5}), benchmark("b", {9, 9})}));
  history->record(run_of("2026-03-01T12:00:01Z", {benchmark("a", {1, 2, 3})}));
  history->record(run_of("2026-03-01T12:00:03Z", {benchmark("a", {7, 7})}, "other-host"));
  history->record(run_of("2026-03-01T12:00:04Z", {throughput}));
  history->record(run_of("2026-03-01T12:00:05Z", {benchmark("a", {1})}));  // one fork: no standard error

  const auto scores = history->past_scores(kMachine, benchmark("a", {}));
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(scores[0].time, 1772366401);
  EXPECT_DOUBLE_EQ(scores[0].score, 2);
  EXPECT_DOUBLE_EQ(scores[0].standard_error, 1 / std::sqrt(3.0));
  EXPECT_EQ(scores[0].forks, 3);
  EXPECT_DOUBLE_EQ(scores[1].score, 4);
  EXPECT_DOUBLE_EQ(scores[1].standard_error, 1);  // SD √2 over √2
  EXPECT_EQ(scores[1].forks, 2);
  EXPECT_DOUBLE_EQ(scores[2].score, 1);
  EXPECT_DOUBLE_EQ(scores[2].standard_error, 0);
  EXPECT_EQ(scores[2].forks, 1);
  EXPECT_TRUE(history->past_scores(kMachine, benchmark("c", {})).empty());
  EXPECT_EQ(history->past_scores("other-host | Test CPU | 4 cpus", benchmark("a", {})).size(), 1u);
}

TEST_P(ResultsHistoryOn, AChangeOfTimedCodeStartsANewSeries) {
  auto history = new_history(store);
  const auto with_code = [](double score, const std::string& digest) {
    auto b = benchmark("a", {score, score});
    if (!digest.empty()) b.code = test::code(digest);
    return b;
  };
  history->record(run_of("2026-03-01T12:00:01Z", {with_code(1, "")}));
  history->record(run_of("2026-03-01T12:00:02Z", {with_code(2, "0001")}));
  history->record(run_of("2026-03-01T12:00:03Z", {with_code(3, "0002")}));
  history->record(run_of("2026-03-01T12:00:04Z", {with_code(4, "0002")}));

  const auto new_code = history->past_scores(kMachine, with_code(0, "0002"));
  ASSERT_EQ(new_code.size(), 2u);
  EXPECT_DOUBLE_EQ(new_code[0].score, 3);
  EXPECT_DOUBLE_EQ(new_code[1].score, 4);
  ASSERT_EQ(history->past_scores(kMachine, with_code(0, "0001")).size(), 1u);
  EXPECT_TRUE(history->past_scores(kMachine, with_code(0, "0003")).empty());
  // Its code not known: every run of the benchmark.
  EXPECT_EQ(history->past_scores(kMachine, with_code(0, "")).size(), 4u);
}

TEST_P(ResultsHistoryOn, SpeedReadingsAreThisMachinesOldestFirst) {
  auto history = new_history(store);
  history->record(run_of("2026-03-01T12:00:02Z", {benchmark("a", {1, 2})}, "box", 3.0));
  history->record(run_of("2026-03-01T12:00:01Z", {benchmark("a", {1, 3})}, "box", 2.0));
  history->record(run_of("2026-03-01T12:00:03Z", {benchmark("a", {1, 4})}, "other", 9.0));
  history->record(run_of("2026-03-01T12:00:04Z", {benchmark("a", {1, 5})}, "box", 0));  // not measured
  const auto readings = history->speed_readings(kMachine);
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_EQ(readings[0].time, 1772366401);
  EXPECT_DOUBLE_EQ(readings[0].reference_ns, 2.0);
  EXPECT_DOUBLE_EQ(readings[1].reference_ns, 3.0);
  EXPECT_EQ(readings[1].machine, kMachine);
}

TEST_P(ResultsHistoryOn, AnOldSpeedHistoryIsImportedOnce) {
  ScratchDir dir;
  const auto old = dir.path() / "speed-history.jsonl";
  ASSERT_TRUE(system::append_speed_reading(old, {100, kMachine, 2.0}));
  ASSERT_TRUE(system::append_speed_reading(old, {200, "other", 5.0}));
  ASSERT_TRUE(system::append_speed_reading(old, {300, kMachine, 2.2}));
  auto history = new_history(store);
  EXPECT_EQ(history->import_speed_history(old), std::optional<int>(3));
  EXPECT_EQ(history->import_speed_history(old), std::nullopt);
  const auto readings = history->speed_readings(kMachine);
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_EQ(readings[0].time, 100);
  EXPECT_DOUBLE_EQ(readings[1].reference_ns, 2.2);
  EXPECT_EQ(stored_speed_readings(history->database()).size(), 3u);
}

TEST(ResultsHistory, TheDefaultHistoryImportsTheOldDefaultSpeedHistoryOnce) {
  ScratchDir dir;
  const test::ScopedEnv data("XDG_DATA_HOME", (dir.path() / "data").c_str());
  const test::ScopedEnv cache("XDG_CACHE_HOME", (dir.path() / "cache").c_str());
  const test::ScopedEnv unset("TARE_HISTORY", nullptr);
  ASSERT_TRUE(system::append_speed_reading(dir.path() / "cache/tare/speed-history.jsonl", {100, kMachine, 2.0}));
  const auto choice = choose_history(std::nullopt, true);
  ASSERT_TRUE(choice.is_default);
  EXPECT_EQ(choice.path, dir.path() / "data/tare/history.sqlite");
  for (int open = 0; open < 2; ++open) {
    auto history = open_run_history(choice, {});
    EXPECT_EQ(history->speed_readings(kMachine).size(), 1u) << "open " << open;
  }
}

TEST(ResultsHistory, AReadOnlyHistoryIsReadButRecordingFailsSayingSo) {
  ScratchDir dir;
  new_history(dir)->record(run_of("2026-03-01T12:00:01Z", {benchmark("a", {1, 2})}));
  ResultsHistory read_only(open_sqlite(dir.path() / "h.sqlite", SqliteAccess::read_only), "h");
  EXPECT_EQ(read_only.speed_readings(kMachine).size(), 1u);
  try {
    read_only.record(run_of("2026-03-01T12:00:02Z", {benchmark("a", {1, 2})}));
    FAIL() << "recorded in a read-only history";
  } catch (const StoreError& e) {
    EXPECT_EQ(e.kind(), StoreError::Kind::unwritable) << e.what();
  }
  EXPECT_EQ(stored_runs(read_only.database(), false, false).size(), 1u);
}

TEST(ResultsHistory, AHistoryThatCannotBeMadeFailsOnlyWhenRecording) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "file", "x");
  HistoryChoice choice;
  choice.kind = HistoryChoice::Kind::results;
  choice.path = dir.path() / "file" / "below" / "h.sqlite";  // under a file: no folder can be made
  auto history = open_run_history(choice, {});
  EXPECT_TRUE(history->speed_readings(kMachine).empty());
  EXPECT_THROW(history->record(run_of("2026-03-01T12:00:01Z", {})), StoreError);
}

TEST(RunRows, AGoogleBenchmarkSummaryKeepsItsForksAndTheStandardErrorOfItsInterval) {
  auto b = benchmark("gb", {});
  b.score = 10;
  b.ci = results::Interval{0.95, 9, 11};
  RunRow row = run_row(run_of("2026-03-01T12:00:01Z", {b}), {});
  summarised_spread(row.benchmarks[0], 5);
  EXPECT_EQ(row.benchmarks[0].forks, 5);
  EXPECT_NEAR(row.benchmarks[0].standard_error, 1 / 2.7764451, 1e-6);  // t(0.975, 4)
  keep_original(row, kGbenchFormat, "{\"benchmarks\": []}");
  EXPECT_EQ(row.format, kGbenchFormat);
  EXPECT_EQ(row.content_hash, content_hash("{\"benchmarks\": []}"));
  EXPECT_NE(row.content_hash, content_hash("{\"benchmarks\": [] }"));
  EXPECT_EQ(row.content_hash.size(), 32u);
}

TEST(RunRows, TheCodeDigestIsOfTheFunctionsNotWhereTheySit) {
  auto here = test::code("00aa");
  auto there = here;
  there.functions[0].address = 0x9000;
  there.hot_loop_address = 0x9010;
  EXPECT_EQ(code_digest(here), code_digest(there));
  EXPECT_NE(code_digest(here), code_digest(test::code("00ab")));
  EXPECT_EQ(code_digest(here).size(), 16u);
}

TEST(RunRows, DatesParseAsUtc) {
  EXPECT_EQ(parse_utc_date("1970-01-01T00:00:00Z"), std::optional<std::int64_t>(0));
  EXPECT_EQ(parse_utc_date("2026-03-01T12:00:00Z"), std::optional<std::int64_t>(1772366400));
  EXPECT_EQ(parse_utc_date("2026-03-01T13:30:00+01:30"), std::optional<std::int64_t>(1772366400));
  EXPECT_EQ(parse_utc_date("2026-03-01T10:00:00-02:00"), std::optional<std::int64_t>(1772366400));
  EXPECT_EQ(parse_utc_date("yesterday"), std::nullopt);
  EXPECT_EQ(parse_utc_date("2026-03-01T12:00:00Zulu"), std::nullopt);
  EXPECT_EQ(parse_utc_date("2026-03-01T12:00:00"), std::nullopt);
}

}  // namespace
}  // namespace tare::store
