#include "store/schema.hpp"

#include <string>
#include <vector>

namespace tare::store {
namespace {

// One step of the schema: the statements that take a history from version - 1 to version.
// "{identity}" stands for the backend's generated key (Database::identity_column). A
// migration once released is never edited: a change is a new one.
struct Migration {
  int version;
  std::vector<std::string> statements;
};

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> all{
      {1,
       {// A run: its context (what it ran on and was built from) and where it came from.
        // content_hash is the hash of its results JSON: the same run added twice is kept once.
        "CREATE TABLE runs ("
        " id {identity},"
        " content_hash TEXT NOT NULL UNIQUE,"
        " format TEXT NOT NULL,"
        " time BIGINT NOT NULL,"
        " date TEXT,"
        " machine TEXT NOT NULL,"
        " host TEXT, cpu TEXT, cores BIGINT, kernel TEXT,"
        " compiler TEXT, flags TEXT, build_type TEXT, tare_version TEXT,"
        " commit_id TEXT, branch TEXT, dirty BIGINT,"
        " executable TEXT, command_line TEXT,"
        " reference_ns DOUBLE PRECISION)",
        "CREATE INDEX runs_by_machine ON runs (machine, time)",
        // The run's whole results JSON, so that it can be judged again later: a table of its
        // own, so that the runs' rows stay small to read (a run's JSON is tens of KB to MB).
        "CREATE TABLE run_results ("
        " run_id BIGINT PRIMARY KEY REFERENCES runs (id),"
        " results TEXT NOT NULL)",
        // A benchmark of a run: its score with the interval over forks and across runs, the
        // fork means (a JSON array), the warnings' codes and its timed code's identity.
        "CREATE TABLE benchmarks ("
        " run_id BIGINT NOT NULL REFERENCES runs (id),"
        " position BIGINT NOT NULL,"
        " name TEXT NOT NULL, family TEXT, mode TEXT NOT NULL, unit TEXT NOT NULL,"
        " score DOUBLE PRECISION,"
        " ci_level DOUBLE PRECISION, ci_low DOUBLE PRECISION, ci_high DOUBLE PRECISION,"
        " across_low DOUBLE PRECISION, across_high DOUBLE PRECISION,"
        " standard_error DOUBLE PRECISION, forks BIGINT NOT NULL, fork_means TEXT NOT NULL,"
        " warnings TEXT NOT NULL, code_digest TEXT,"
        " PRIMARY KEY (run_id, position))",
        "CREATE INDEX benchmarks_by_name ON benchmarks (name, mode, unit)",
        // The reference workload's reading of the machine's speed, one per run (and those a
        // speed history of JSON lines held, imported).
        "CREATE TABLE speed_readings ("
        " id {identity},"
        " time BIGINT NOT NULL,"
        " machine TEXT NOT NULL,"
        " reference_ns DOUBLE PRECISION NOT NULL,"
        " run_id BIGINT REFERENCES runs (id))",
        "CREATE INDEX speed_readings_by_machine ON speed_readings (machine, time)"}},
      {2,
       {// A change in a benchmark's scores that was expected (`tare history ack`): the
        // benchmark's name and the first commit after the change, as given (a prefix of the
        // commits kept), when it was acknowledged and why.
        "CREATE TABLE acknowledged_changes ("
        " id {identity},"
        " name TEXT NOT NULL,"
        " commit_id TEXT NOT NULL,"
        " time BIGINT NOT NULL,"
        " note TEXT,"
        " UNIQUE (name, commit_id))"}},
  };
  return all;
}

std::string with_identity(std::string sql, const std::string& identity) {
  const std::string token = "{identity}";
  for (auto at = sql.find(token); at != std::string::npos; at = sql.find(token, at + identity.size()))
    sql.replace(at, token.size(), identity);
  return sql;
}

int stored_version(Database& db) {
  const auto text = marker(db, "schema_version");
  try {
    if (text) return std::stoi(*text);
  } catch (const std::exception&) {
  }
  throw StoreError(StoreError::Kind::damaged, "its schema version is missing or unreadable");
}

void create_marker(Database& db) {
  db.execute(std::string("CREATE TABLE ") + kMarkerTable + " (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  set_marker(db, "store", kStoreName);
  set_marker(db, "schema_version", "0");
}

}  // namespace

std::optional<std::string> marker(Database& db, const std::string& key) {
  auto query = db.prepare(std::string("SELECT value FROM ") + kMarkerTable + " WHERE key = ?");
  query->bind(1, key);
  if (!query->step()) return std::nullopt;
  return query->text(0);
}

void set_marker(Database& db, const std::string& key, const std::string& value) {
  auto write = db.prepare(std::string("INSERT INTO ") + kMarkerTable +
                          " (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  write->bind(1, key).bind(2, value);
  write->step();
}

StoreState read_state(Database& db) {
  if (db.empty()) return {};
  if (!db.table_exists(kMarkerTable) || marker(db, "store") != std::optional<std::string>(kStoreName))
    return {StoreState::Contents::foreign, 0};
  return {StoreState::Contents::history, stored_version(db)};
}

StoreState inspect(Database& db) {
  const auto check = [&](const std::vector<std::string>& tables) {
    if (const std::string damage = db.damage(tables); !damage.empty())
      throw StoreError(StoreError::Kind::damaged, "the database is damaged (" + damage + ")");
  };
  const StoreState state = read_state(db);
  if (state.contents != StoreState::Contents::history) return state;
  // Every table but the runs' results JSON, which is most of the file: checking it would
  // read the whole history on every run (0.5 s for 10,000 runs); a fault there shows when
  // a run's results are read.
  std::vector<std::string> tables{kMarkerTable};
  for (const char* table : {"runs", "benchmarks", "speed_readings", "acknowledged_changes"})
    if (db.table_exists(table)) tables.push_back(table);
  check(tables);
  return state;
}

void check_usable(const StoreState& state) {
  if (state.contents == StoreState::Contents::foreign)
    throw StoreError(StoreError::Kind::foreign, "an SQLite database, but not a tare history");
  if (state.version > kSchemaVersion)
    throw StoreError(StoreError::Kind::newer, "written by a newer tare (history schema " + std::to_string(state.version) +
                                                  "; this tare reads up to " + std::to_string(kSchemaVersion) + ")");
}

void migrate(Database& db) {
  WriteTransaction transaction(db);
  // Read again under the write lock: another process may have migrated it meanwhile.
  StoreState state = read_state(db);
  check_usable(state);
  if (state.contents == StoreState::Contents::empty) create_marker(db);
  if (state.version == kSchemaVersion) return;  // rolled back: nothing was written
  for (const Migration& migration : migrations()) {
    if (migration.version <= state.version) continue;
    for (const std::string& sql : migration.statements) db.execute(with_identity(sql, db.identity_column()));
    set_marker(db, "schema_version", std::to_string(migration.version));
  }
  transaction.commit();
}

}  // namespace tare::store
