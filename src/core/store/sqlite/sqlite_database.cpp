#include "store/sqlite/sqlite_database.hpp"

#include <sqlite3.h>

#include <string>

namespace tare::store {
namespace {

// SQLite's result codes as the failure rules group them.
StoreError::Kind kind_of(int code) {
  switch (code & 0xff) {
    case SQLITE_NOTADB:
      return StoreError::Kind::foreign;
    case SQLITE_CORRUPT:
      return StoreError::Kind::damaged;
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_PERM:
      return StoreError::Kind::unwritable;
    default:
      return StoreError::Kind::failed;
  }
}

[[noreturn]] void fail(sqlite3* db, int code) {
  std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  if ((code & 0xff) == SQLITE_BUSY) message += " (another writer held it past the busy timeout)";
  throw StoreError(kind_of(code), message);
}

class SqliteStatement final : public Statement {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* statement) : db_(db), statement_(statement) {}
  ~SqliteStatement() override { sqlite3_finalize(statement_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  Statement& bind(int index, std::int64_t value) override {
    return checked(sqlite3_bind_int64(statement_, index, static_cast<sqlite3_int64>(value)));
  }
  Statement& bind(int index, double value) override { return checked(sqlite3_bind_double(statement_, index, value)); }
  Statement& bind(int index, const std::string& value) override {
    return checked(sqlite3_bind_text(statement_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT));
  }
  Statement& bind_null(int index) override { return checked(sqlite3_bind_null(statement_, index)); }
  using Statement::bind;

  bool step() override {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    fail(db_, code);
  }
  void reset() override {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }
  bool is_null(int column) const override { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(statement_, column); }
  double real(int column) const override { return sqlite3_column_double(statement_, column); }
  std::string text(int column) const override {
    const auto* bytes = sqlite3_column_text(statement_, column);
    if (!bytes) return {};
    return std::string(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
  }

 private:
  Statement& checked(int code) {
    if (code != SQLITE_OK) fail(db_, code);
    return *this;
  }
  sqlite3* db_;
  sqlite3_stmt* statement_;
};

class SqliteDatabase final : public Database {
 public:
  explicit SqliteDatabase(sqlite3* db) : db_(db) {}
  ~SqliteDatabase() override { sqlite3_close_v2(db_); }
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  void execute(const std::string& sql) override {
    const int code = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr);
    if (code != SQLITE_OK) fail(db_, code);
  }
  std::unique_ptr<Statement> prepare(const std::string& sql) override {
    sqlite3_stmt* statement = nullptr;
    const int code = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &statement, nullptr);
    if (code != SQLITE_OK) fail(db_, code);
    return std::make_unique<SqliteStatement>(db_, statement);
  }
  void begin_write() override { execute("BEGIN IMMEDIATE"); }
  void commit() override { execute("COMMIT"); }
  void rollback() noexcept override {
    // Nothing to roll back when SQLite already did (a full disk ends the transaction).
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  std::string identity_column() const override { return "INTEGER PRIMARY KEY"; }
  bool table_exists(const std::string& name) override {
    auto query = prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    query->bind(1, name);
    return query->step();
  }
  bool empty() override { return !prepare("SELECT 1 FROM sqlite_master")->step(); }
  std::string damage(const std::vector<std::string>& tables) override {
    for (const auto& table : tables) {
      auto check = prepare("PRAGMA quick_check(\"" + table + "\")");
      const std::string verdict = check->step() ? check->text(0) : "no answer";
      if (verdict != "ok") return verdict;
    }
    return "";
  }
  bool writable() const override { return sqlite3_db_readonly(db_, "main") == 0; }

 private:
  sqlite3* db_;
};

}  // namespace

std::unique_ptr<Database> open_sqlite(const std::filesystem::path& path, SqliteAccess access,
                                      std::chrono::milliseconds busy_timeout) {
  int flags = SQLITE_OPEN_READONLY;
  if (access == SqliteAccess::read_write) flags = SQLITE_OPEN_READWRITE;
  if (access == SqliteAccess::create) flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  sqlite3* db = nullptr;
  const int code = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(code);
    sqlite3_close_v2(db);
    throw StoreError(kind_of(code), message);
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, static_cast<int>(busy_timeout.count()));
  auto database = std::make_unique<SqliteDatabase>(db);
  // Up to 32 MiB of pages kept (2 MiB by default): reading every benchmark of 10,000 runs
  // then reads each page once.
  database->execute("PRAGMA cache_size = -32768");
  return database;
}

}  // namespace tare::store
