// src/core/store as a build without SQLite compiles it (cmake/dependencies.cmake): the runs
// keep the machine's speed readings alone, in JSON lines, at the old default place, and a
// results history asked for is refused in one line that says why. Compiled without libpq
// too: a PostgreSQL URL is refused the same way, its password never shown.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "input/usage_error.hpp"
#include "store/open_history.hpp"

namespace tare::store {
namespace {

std::string refusal(const std::optional<std::string>& flag) {
  try {
    open_run_history(choose_history(flag, results_history_available()), {});
  } catch (const input::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(HistoryWithoutSqlite, KeepsTheSpeedHistoryAloneByDefault) {
  EXPECT_FALSE(results_history_available());
  ::unsetenv("TARE_HISTORY");
  ::unsetenv("XDG_CACHE_HOME");
  ::setenv("HOME", "/home/u", 1);
  const auto choice = choose_history(std::nullopt, results_history_available());
  EXPECT_EQ(choice.kind, HistoryChoice::Kind::speed_lines);
  const auto history = open_run_history(choice, {});
  ASSERT_NE(history, nullptr);
  EXPECT_EQ(history->location(), "/home/u/.cache/tare/speed-history.jsonl");
  EXPECT_EQ(open_run_history(choose_history(std::string("off"), false), {}), nullptr);
}

TEST(HistoryWithoutSqlite, AResultsHistoryIsRefusedSayingWhy) {
  EXPECT_EQ(refusal(std::string("runs.sqlite")),
            "--history runs.sqlite: this build of tare has no SQLite, so it keeps no results history (a .jsonl file "
            "keeps the machine's speed readings alone; off keeps nothing)");
  EXPECT_EQ(refusal(std::string("speed.jsonl")), "");
  try {
    open_results_history("runs.sqlite", "--history runs.sqlite", true);
    FAIL() << "opened";
  } catch (const input::UsageError& e) {
    EXPECT_STREQ(e.what(), "--history runs.sqlite: this build of tare has no SQLite, so it keeps no results history");
  }
}

TEST(HistoryWithoutSqlite, APostgresqlUrlIsRefusedAsBuiltWithoutIt) {
  EXPECT_EQ(refusal(std::string("postgresql://team:secret@db.example:5432/bench")),
            "--history postgresql://team@db.example:5432/bench: this build of tare was built without PostgreSQL "
            "(libpq), so it cannot keep a history on a server");
  ::setenv("TARE_HISTORY", "postgres://db.example/bench?password=secret", 1);
  EXPECT_EQ(refusal(std::nullopt),
            "TARE_HISTORY=postgres://db.example/bench: this build of tare was built without PostgreSQL (libpq), so "
            "it cannot keep a history on a server");
  ::unsetenv("TARE_HISTORY");
}

}  // namespace
}  // namespace tare::store
