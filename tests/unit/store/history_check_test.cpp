// `tare history check` over a real history file: each benchmark's runs put in commit order,
// its change points with the first commit after each, the timed code's identity, the
// threshold, --since, and acknowledged changes kept and matched.
#include <gtest/gtest.h>

#include <string>

#include "store/history_check.hpp"
#include "store/open_history.hpp"
#include "store/schema.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_fixture.hpp"

namespace tare::store {
namespace {

using test::benchmark;
using test::run_of;
using test::ScratchDir;

constexpr double kWobble[] = {0.003, -0.004, 0.001, 0.005, -0.002, -0.005, 0.004, -0.001};

class CheckedHistory {
 public:
  explicit CheckedHistory(const ScratchDir& dir) : history_(open_results_history(dir.path() / "h.sqlite", "h", true)) {}

  // A run of benchmark "a" at `commit` on day `day`, scoring `level` (wobbling by 0.5%).
  void add(const std::string& commit, int day, double level, const std::string& code = "", bool thrpt = false) {
    auto b = benchmark("a", {level * (1 + kWobble[day % 8]) * 0.998, level * (1 + kWobble[day % 8]) * 1.002});
    if (!code.empty()) b.code = test::code(code);
    if (thrpt) b.mode = Mode::thrpt, b.unit = "ops/s";
    char date[32];
    std::snprintf(date, sizeof date, "2026-03-%02dT12:00:00Z", day);
    ASSERT_TRUE(history_->add(run_row(run_of(date, {b}), {commit, "main", false, ""})));
  }
  Database& db() { return history_->database(); }

 private:
  std::unique_ptr<ResultsHistory> history_;
};

TEST(HistoryCheck, AStepIsFoundAtItsFirstCommitInCommitOrder) {
  ScratchDir dir;
  CheckedHistory h(dir);
  for (int i = 1; i <= 10; ++i) h.add("c" + std::to_string(i), i, 100, "0001");
  for (int i = 11; i <= 20; ++i) h.add("c" + std::to_string(i), i, 105, "0002");
  h.add("c5", 21, 100, "0001");  // c5 run again later: it stays in c5's place
  const auto checked = check_history(h.db(), {});
  ASSERT_EQ(checked.size(), 1u);
  EXPECT_EQ(checked[0].runs, 21u);
  ASSERT_EQ(checked[0].changes.size(), 1u);
  const CheckedChange& c = checked[0].changes[0];
  EXPECT_EQ(c.change.commit, "c11");
  EXPECT_EQ(c.run_id, 11);
  EXPECT_NEAR(c.change.size, 0.05, 0.005);
  EXPECT_TRUE(c.change.slower);
  EXPECT_EQ(c.change.code, analysis::CodeChange::changed);
  EXPECT_TRUE(c.beyond_threshold);
  EXPECT_TRUE(c.alert());
}

TEST(HistoryCheck, AHigherThroughputIsNoAlertForSlowerAndTheThresholdHolds) {
  ScratchDir dir;
  CheckedHistory h(dir);
  for (int i = 1; i <= 20; ++i) h.add("c" + std::to_string(i), i, i <= 10 ? 100 : 103, "", true);
  CheckQuery query;
  query.threshold = 0.05;
  const auto checked = check_history(h.db(), query);
  ASSERT_EQ(checked[0].changes.size(), 1u);
  EXPECT_FALSE(checked[0].changes[0].change.slower);
  EXPECT_FALSE(checked[0].changes[0].beyond_threshold);
  EXPECT_FALSE(checked[0].changes[0].alert());
}

TEST(HistoryCheck, SinceReportsOnlyLaterChangesWhileEarlierRunsCount) {
  ScratchDir dir;
  CheckedHistory h(dir);
  for (int i = 1; i <= 20; ++i) h.add("c" + std::to_string(i), i, i <= 10 ? 100 : 105);
  CheckQuery query;
  query.since_commit = "c12";
  EXPECT_TRUE(check_history(h.db(), query)[0].changes.empty());
  query.since_commit = "c11";
  EXPECT_EQ(check_history(h.db(), query)[0].changes.size(), 1u);
  query.since_commit.reset();
  query.since_time = *parse_utc_date("2026-03-11T00:00:00Z");
  EXPECT_EQ(check_history(h.db(), query)[0].changes.size(), 1u);
}

TEST(HistoryCheck, AnAcknowledgedChangeIsNoAlert) {
  ScratchDir dir;
  CheckedHistory h(dir);
  for (int i = 1; i <= 20; ++i) h.add("c" + std::to_string(i), i, i <= 10 ? 100 : 105);
  EXPECT_EQ(commits_named(h.db(), "a", "c1"), (std::vector<std::string>{"c1"}));  // not c10-c19: it is one
  EXPECT_EQ(commits_named(h.db(), "a", "c").size(), 20u);  // a prefix of all: ambiguous
  EXPECT_TRUE(commits_named(h.db(), "b", "c1").empty());
  acknowledge(h.db(), {"a", "c11", "first note", 1});
  acknowledge(h.db(), {"a", "c11", "a bigger table", 2});
  const auto all = acknowledgements(h.db());
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].note, "a bigger table");
  const auto c = check_history(h.db(), {})[0].changes.at(0);
  ASSERT_TRUE(c.acknowledged);
  EXPECT_EQ(c.acknowledged->note, "a bigger table");
  EXPECT_TRUE(c.beyond_threshold);
  EXPECT_FALSE(c.alert());
}

// A history of schema 1 (before acknowledged changes were kept) keeps its runs and gains
// the table when opened; read-only, it is checked with none acknowledged.
TEST(HistoryCheck, AHistoryOfSchemaOneGainsTheTableOfAcknowledgedChanges) {
  ScratchDir dir;
  const auto path = dir.path() / "h.sqlite";
  {
    CheckedHistory h(dir);
    for (int i = 1; i <= 20; ++i) h.add("c" + std::to_string(i), i, i <= 10 ? 100 : 105);
    h.db().execute("DROP TABLE acknowledged_changes");
    set_marker(h.db(), "schema_version", "1");
  }
  {
    auto read_only = open_sqlite(path, SqliteAccess::read_only);
    EXPECT_FALSE(read_only->table_exists("acknowledged_changes"));
    const auto checked = check_history(*read_only, {});
    ASSERT_EQ(checked.at(0).changes.size(), 1u);
    EXPECT_TRUE(checked[0].changes[0].alert());
  }
  auto history = open_results_history(path, "h", false);
  EXPECT_EQ(marker(history->database(), "schema_version"), std::optional<std::string>(std::to_string(kSchemaVersion)));
  acknowledge(history->database(), {"a", "c11", "", 3});
  EXPECT_FALSE(check_history(history->database(), {}).at(0).changes.at(0).alert());
}

}  // namespace
}  // namespace tare::store
