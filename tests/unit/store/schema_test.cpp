// A results history's file: made with its marker and schema, an older one brought up to
// date on open, and stores that are no usable history refused in one line and left as they
// were: on each backend (a real SQLite file in a scratch folder, a real PostgreSQL database),
// and the files only SQLite has (not a database at all, damaged, cut short) on SQLite.
#include <gtest/gtest.h>

#include <string>

#include "input/usage_error.hpp"
#include "store/open_history.hpp"
#include "store/schema.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_backend.hpp"
#include "store_fixture.hpp"

namespace tare::store {
namespace {

using test::bytes_of;
using test::ScratchDir;

// The message open_results_history refuses `path` with; "" when it opens.
std::string refusal(const std::filesystem::path& path) {
  try {
    open_results_history(path, "--history " + path.string(), false);
  } catch (const input::UsageError& e) {
    return e.what();
  }
  return "";
}

int count(Database& db, const std::string& table) {
  auto query = db.prepare("SELECT count(*) FROM " + table);
  query->step();
  return static_cast<int>(query->integer(0));
}

// A store of `runs` runs of one benchmark, a page or more each.
void fill(const std::filesystem::path& path, int runs) {
  auto history = open_results_history(path, "h", true);
  for (int i = 0; i < runs; ++i) {
    auto run = test::run_of("2026-01-01T00:00:" + std::to_string(10 + i) + "Z", {test::benchmark("b", {1.0 + i, 2.0})});
    run.context.command_line = std::string(20000, 'x');
    history->record(run);
  }
}

// The same on each backend, through the choice --history makes.
std::string refusal(const test::StoreUnderTest& store) {
  try {
    open_results_history(store.choice(), false);
  } catch (const input::UsageError& e) {
    return e.what();
  }
  return "";
}

void fill(const test::StoreUnderTest& store, int runs) {
  auto history = store.open(true);
  for (int i = 0; i < runs; ++i)
    history->record(
        test::run_of("2026-01-01T00:00:" + std::to_string(10 + i) + "Z", {test::benchmark("b", {1.0 + i, 2.0})}));
}

class StoreSchemaOn : public test::OnEachBackend {};
TARE_ON_EACH_BACKEND(StoreSchemaOn);

TEST_P(StoreSchemaOn, ANewHistoryHasItsMarkerSchemaVersionAndTables) {
  auto history = store.open(true);
  Database& db = history->database();
  EXPECT_EQ(marker(db, "store"), std::optional<std::string>(kStoreName));
  EXPECT_EQ(marker(db, "schema_version"), std::optional<std::string>(std::to_string(kSchemaVersion)));
  for (const char* table : {"runs", "benchmarks", "speed_readings", "run_results"}) {
    EXPECT_TRUE(db.table_exists(table)) << table;
    EXPECT_EQ(count(db, table), 0) << table;
  }
  EXPECT_EQ(inspect(db).version, kSchemaVersion);
  EXPECT_EQ(history->location(), store.name());
}

TEST_P(StoreSchemaOn, AnOlderHistoryIsMigratedWhenOpened) {
  {
    // Version 0: the marker alone, as a history before its first migration.
    auto db = store.connect();
    db->execute("CREATE TABLE tare_history (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    db->execute("INSERT INTO tare_history VALUES ('store', 'tare results history'), ('schema_version', '0')");
  }
  auto history = store.open(false);
  EXPECT_EQ(marker(history->database(), "schema_version"), std::optional<std::string>(std::to_string(kSchemaVersion)));
  EXPECT_TRUE(history->database().table_exists("benchmarks"));
  history->record(test::run_of("2026-01-01T00:00:00Z", {test::benchmark("b", {1, 2})}));
  EXPECT_EQ(count(history->database(), "runs"), 1);
}

TEST_P(StoreSchemaOn, MigratingTwiceChangesNothing) {
  fill(store, 2);
  const std::string before = store.snapshot();
  migrate(*store.connect());
  EXPECT_EQ(store.snapshot(), before);
}

TEST_P(StoreSchemaOn, AnotherProgramsDatabaseIsRefusedUntouched) {
  {
    auto db = store.connect();
    db->execute("CREATE TABLE contacts (name TEXT, phone TEXT)");
    db->execute("INSERT INTO contacts VALUES ('a', '1')");
  }
  const std::string before = store.snapshot();
  const std::string message = refusal(store);
  const std::string why = store.backend() == test::Backend::sqlite
                              ? "(an SQLite database, but not a tare history)"
                              : "(the database holds other tables, and no tare history's marker)";
  EXPECT_EQ(message, "--history " + store.name() + ": not a tare history " + why + "; left as it was");
  EXPECT_EQ(store.snapshot(), before);
  EXPECT_FALSE(store.connect()->table_exists("tare_history"));
}

TEST_P(StoreSchemaOn, AHistoryOfANewerSchemaIsRefusedUntouched) {
  fill(store, 1);
  store.connect()->execute("UPDATE tare_history SET value = '99' WHERE key = 'schema_version'");
  const std::string before = store.snapshot();
  const std::string message = refusal(store);
  EXPECT_NE(message.find("--history " + store.name() + ": a history this tare cannot read (written by a newer tare "
                         "(history schema 99; this tare reads up to " + std::to_string(kSchemaVersion) + ")"),
            std::string::npos)
      << message;
  EXPECT_EQ(store.snapshot(), before);
}

TEST_P(StoreSchemaOn, AMissingHistoryIsNotMadeForReading) {
  EXPECT_NE(refusal(store).find("no history there"), std::string::npos);
  if (store.backend() == test::Backend::sqlite) EXPECT_FALSE(std::filesystem::exists(store.name()));
  else EXPECT_TRUE(store.connect()->empty());
}

TEST(StoreSchema, ANewHistoryHasItsMarkerSchemaVersionAndTables) {
  ScratchDir dir;
  const auto path = dir.path() / "nested" / "history.sqlite";  // its folder is made
  auto history = open_results_history(path, "h", true);
  Database& db = history->database();
  EXPECT_EQ(marker(db, "store"), std::optional<std::string>(kStoreName));
  EXPECT_EQ(marker(db, "schema_version"), std::optional<std::string>(std::to_string(kSchemaVersion)));
  for (const char* table : {"runs", "benchmarks", "speed_readings"}) {
    EXPECT_TRUE(db.table_exists(table)) << table;
    EXPECT_EQ(count(db, table), 0) << table;
  }
  const StoreState state = inspect(db);
  EXPECT_EQ(state.contents, StoreState::Contents::history);
  EXPECT_EQ(state.version, kSchemaVersion);
}

TEST(StoreSchema, AnEmptyFileBecomesAHistory) {
  ScratchDir dir;
  const auto path = dir.path() / "empty.sqlite";
  test::write_bytes(path, "");
  auto history = open_results_history(path, "h", false);
  EXPECT_TRUE(history->database().table_exists("runs"));
}

TEST(StoreSchema, AFileThatIsNoDatabaseIsRefusedUntouched) {
  ScratchDir dir;
  const auto path = dir.path() / "notes.sqlite";
  test::write_bytes(path, "these are my notes, not a database\n" + std::string(2000, 'n'));
  const std::string before = bytes_of(path);
  const std::string message = refusal(path);
  EXPECT_NE(message.find("--history " + path.string() + ": not a tare history"), std::string::npos) << message;
  EXPECT_NE(message.find("left as it was"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(bytes_of(path), before);
  EXPECT_FALSE(std::filesystem::exists(path.string() + "-journal"));
}

TEST(StoreSchema, ADamagedHistoryIsRefusedUntouched) {
  ScratchDir dir;
  const auto path = dir.path() / "damaged.sqlite";
  fill(path, 8);
  std::int64_t root = 0;
  {
    auto db = open_sqlite(path, SqliteAccess::read_only);
    auto query = db->prepare("SELECT rootpage FROM sqlite_master WHERE name = 'benchmarks'");
    ASSERT_TRUE(query->step());
    root = query->integer(0);
  }
  std::string bytes = bytes_of(path);
  // The benchmarks' table's first page overwritten: no longer a page of a table.
  const auto page = static_cast<std::size_t>(root - 1) * 4096;
  ASSERT_LE(page + 4096, bytes.size());
  for (std::size_t i = page; i < page + 4096; ++i) bytes[i] = static_cast<char>(0xA5);
  test::write_bytes(path, bytes);
  const std::string message = refusal(path);
  EXPECT_NE(message.find(path.string() + ": a damaged history"), std::string::npos) << message;
  EXPECT_EQ(bytes_of(path), bytes);
}

TEST(StoreSchema, ATruncatedHistoryIsRefusedUntouched) {
  ScratchDir dir;
  const auto path = dir.path() / "cut.sqlite";
  fill(path, 8);
  std::string bytes = bytes_of(path);
  bytes.resize(bytes.size() / 2);
  test::write_bytes(path, bytes);
  const std::string message = refusal(path);
  EXPECT_NE(message.find(path.string() + ": a damaged history ("), std::string::npos) << message;
  EXPECT_EQ(bytes_of(path), bytes);
}

TEST(StoreSchema, AHistoryMissingItsLastPageIsRefusedUntouched) {
  ScratchDir dir;
  const auto path = dir.path() / "short.sqlite";
  fill(path, 8);
  std::string bytes = bytes_of(path);
  bytes.resize(bytes.size() - 4096);
  test::write_bytes(path, bytes);
  const std::string message = refusal(path);
  EXPECT_NE(message.find(path.string() + ": a damaged history ("), std::string::npos) << message;
  EXPECT_EQ(bytes_of(path), bytes);
}

}  // namespace
}  // namespace tare::store
