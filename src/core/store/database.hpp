// The SQL the results history speaks, behind a small interface: a connection that runs
// statements, prepared statements with positional parameters, and write transactions.
// The store's own code (schema, writes, queries) is written against this alone, in SQL that
// SQLite and PostgreSQL both take (BIGINT, DOUBLE PRECISION, TEXT; INSERT ... ON CONFLICT DO
// NOTHING RETURNING), so that a backend beside SQLite (libpq) plugs in here: it numbers
// the `?` parameters as it prepares them and names its own identity column and way of
// taking the write lock. SQLite's is store/sqlite/.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tare::store {

/// How long a write waits for another connection's transaction to end before it fails.
inline constexpr std::chrono::seconds kBusyTimeout{60};

/// What went wrong with a store, as the user is told: the failure rules (docs/history.md)
/// differ by kind. `what()` is one line naming the problem (the caller names the file).
class StoreError : public std::runtime_error {
 public:
  enum class Kind {
    foreign,    ///< not a tare history (another program's file, or not a database at all)
    damaged,    ///< a tare history, or a database, whose contents are broken
    newer,      ///< written by a newer tare: a schema this one does not know
    unwritable, ///< cannot be written (read-only, full disk, a directory that cannot be made)
    failed,     ///< anything else the database said
  };
  StoreError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

/// A prepared statement. Parameters are numbered from 1 (as `?` appear in the SQL);
/// columns from 0. Throws StoreError.
class Statement {
 public:
  virtual ~Statement() = default;
  virtual Statement& bind(int index, std::int64_t value) = 0;
  virtual Statement& bind(int index, double value) = 0;
  virtual Statement& bind(int index, const std::string& value) = 0;
  virtual Statement& bind_null(int index) = 0;
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, const char* value) { return bind(index, std::string(value)); }
  /// Text, or NULL when empty: what the store keeps for "not known".
  Statement& bind_text_or_null(int index, const std::string& value) {
    return value.empty() ? bind_null(index) : bind(index, value);
  }
  template <class T>
  Statement& bind_optional(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  /// Runs it on to its next row: true when there is one to read.
  virtual bool step() = 0;
  /// Ready to run again with new parameters (the old ones cleared).
  virtual void reset() = 0;
  virtual bool is_null(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual std::string text(int column) const = 0;  ///< "" for NULL
  std::optional<double> optional_real(int column) const {
    return is_null(column) ? std::nullopt : std::optional<double>(real(column));
  }
};

/// One connection to a store.
class Database {
 public:
  virtual ~Database() = default;
  /// Runs SQL that returns nothing (one or more statements, no parameters).
  virtual void execute(const std::string& sql) = 0;
  virtual std::unique_ptr<Statement> prepare(const std::string& sql) = 0;
  /// Starts a transaction that holds the write lock from its first statement, waiting for
  /// another writer's to end (SQLite: BEGIN IMMEDIATE under a busy timeout; PostgreSQL: an
  /// advisory lock under a lock timeout).
  virtual void begin_write() = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;
  /// The column definition of a table's generated key ("INTEGER PRIMARY KEY" in SQLite).
  virtual std::string identity_column() const = 0;
  virtual bool table_exists(const std::string& name) = 0;
  /// No tables at all: a new file (SQLite makes an empty file a database), or an empty one.
  virtual bool empty() = 0;
  /// What is broken in the structures of `tables` ("" when nothing is; SQLite: PRAGMA
  /// quick_check of each, which also finds a file cut short). Cheap enough for every open
  /// when the tables named are the small ones.
  virtual std::string damage(const std::vector<std::string>& tables) = 0;
  /// Whether this connection may write (false: opened read-only, the file being so).
  virtual bool writable() const = 0;
};

/// A write transaction for the lifetime of the object: rolled back unless committed, so
/// that an error (or an exception) part-way leaves the store as it was.
class WriteTransaction {
 public:
  explicit WriteTransaction(Database& db) : db_(db) { db_.begin_write(); }
  ~WriteTransaction() {
    if (!done_) db_.rollback();
  }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit() {
    db_.commit();
    done_ = true;
  }

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace tare::store
