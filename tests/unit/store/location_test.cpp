// Where a run's history is kept: --history, else $TARE_HISTORY, else the default place;
// off keeps none, .jsonl the speed readings alone, a postgresql:// URL a results history on a
// server (named without its password), anything else a results history in a file.
#include <gtest/gtest.h>

#include "input/usage_error.hpp"
#include "store/history_location.hpp"
#include "store/history_url.hpp"
#include "store_fixture.hpp"

namespace tare::store {
namespace {

using Kind = HistoryChoice::Kind;
using test::ScopedEnv;

TEST(HistoryLocation, TheFlagWinsOverTheEnvironment) {
  const ScopedEnv set("TARE_HISTORY", "/env/h.sqlite");
  const auto flagged = choose_history(std::string("/flag/h.sqlite"), true);
  EXPECT_EQ(flagged.kind, Kind::results);
  EXPECT_EQ(flagged.path, "/flag/h.sqlite");
  EXPECT_EQ(flagged.named, "--history /flag/h.sqlite");
  EXPECT_FALSE(flagged.is_default);
  const auto from_environment = choose_history(std::nullopt, true);
  EXPECT_EQ(from_environment.path, "/env/h.sqlite");
  EXPECT_EQ(from_environment.named, "TARE_HISTORY=/env/h.sqlite");
}

TEST(HistoryLocation, OffAndEmptyKeepNothing) {
  EXPECT_EQ(choose_history(std::string("off"), true).kind, Kind::none);
  const ScopedEnv empty("TARE_HISTORY", "");
  EXPECT_EQ(choose_history(std::nullopt, true).kind, Kind::none);
  const ScopedEnv off("TARE_HISTORY", "off");
  EXPECT_EQ(choose_history(std::nullopt, false).kind, Kind::none);
}

TEST(HistoryLocation, AJsonLinesFileKeepsTheSpeedReadingsAlone) {
  EXPECT_EQ(choose_history(std::string("/tmp/speed.jsonl"), true).kind, Kind::speed_lines);
  EXPECT_EQ(choose_history(std::string("/tmp/speed.jsonl"), false).kind, Kind::speed_lines);
  EXPECT_EQ(choose_history(std::string("/tmp/h.db"), true).kind, Kind::results);
}

TEST(HistoryLocation, WithoutSqliteAResultsHistoryIsAUsageError) {
  try {
    choose_history(std::string("x.sqlite"), false);
    FAIL() << "accepted";
  } catch (const input::UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--history x.sqlite: this build of tare has no SQLite, so it keeps no results history (a .jsonl file "
                 "keeps the machine's speed readings alone; off keeps nothing)");
  }
}

TEST(HistoryLocation, TheDefaultPlaceIsTheDataFolderOrTheOldSpeedHistoryWithoutSqlite) {
  const ScopedEnv unset("TARE_HISTORY", nullptr);
  const ScopedEnv home("HOME", "/home/u");
  {
    const ScopedEnv data("XDG_DATA_HOME", "/data");
    EXPECT_EQ(choose_history(std::nullopt, true).path, "/data/tare/history.sqlite");
  }
  const ScopedEnv no_data("XDG_DATA_HOME", nullptr);
  const ScopedEnv no_cache("XDG_CACHE_HOME", nullptr);
  const auto results = choose_history(std::nullopt, true);
  EXPECT_EQ(results.kind, Kind::results);
  EXPECT_EQ(results.path, "/home/u/.local/share/tare/history.sqlite");
  EXPECT_TRUE(results.is_default);
  const auto lines = choose_history(std::nullopt, false);
  EXPECT_EQ(lines.kind, Kind::speed_lines);
  EXPECT_EQ(lines.path, "/home/u/.cache/tare/speed-history.jsonl");
  const ScopedEnv no_home("HOME", nullptr);
  EXPECT_EQ(choose_history(std::nullopt, true).kind, Kind::none);
}

TEST(HistoryLocation, APasswordIsTakenOutOfAUrlAndNothingElse) {
  EXPECT_EQ(without_password("postgresql://team:s3cret@db.example:5433/bench"),
            "postgresql://team@db.example:5433/bench");
  EXPECT_EQ(without_password("postgres://team@db.example/bench"), "postgres://team@db.example/bench");
  EXPECT_EQ(without_password("postgresql://db.example:5433/bench?password=x&sslmode=require&password=y"),
            "postgresql://db.example:5433/bench?sslmode=require");
  EXPECT_EQ(without_password("postgresql://db.example/bench?password=x"), "postgresql://db.example/bench");
  // A ':' after the host is its port; the user part ends at the first '@' before any '/'.
  EXPECT_EQ(without_password("postgresql://db.example:5433/b@d"), "postgresql://db.example:5433/b@d");
  EXPECT_EQ(without_password("/tmp/h:x@y.sqlite"), "/tmp/h:x@y.sqlite");
  EXPECT_TRUE(is_postgresql_url("postgres://h/db"));
  EXPECT_FALSE(is_postgresql_url("postgresql:/h/db"));
  EXPECT_FALSE(is_postgresql_url("runs.sqlite"));
}

#if TARE_HAVE_POSTGRESQL
TEST(HistoryLocation, AUrlIsAHistoryOnAServerNamedWithoutItsPassword) {
  const auto flagged = choose_history(std::string("postgresql://team:s3cret@db.example:5433/bench"), false);
  EXPECT_EQ(flagged.kind, Kind::results);
  EXPECT_EQ(flagged.url, "postgresql://team:s3cret@db.example:5433/bench");
  EXPECT_TRUE(flagged.path.empty());
  EXPECT_EQ(flagged.named, "--history postgresql://team@db.example:5433/bench");
  EXPECT_EQ(history_location(flagged), "postgresql://team@db.example:5433/bench");
  const ScopedEnv set("TARE_HISTORY", "postgres://team:s3cret@db.example/bench");
  const auto from_environment = choose_history(std::nullopt, true);
  EXPECT_EQ(from_environment.url, "postgres://team:s3cret@db.example/bench");
  EXPECT_EQ(from_environment.named, "TARE_HISTORY=postgres://team@db.example/bench");
}
#endif

}  // namespace
}  // namespace tare::store
