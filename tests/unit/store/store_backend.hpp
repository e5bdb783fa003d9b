// The store's tests run on each backend: a StoreUnderTest is a fresh store of its own, an
// SQLite file in a scratch folder or a fresh database on the test program's PostgreSQL
// server (tests/support/postgres_server.hpp), opened as --history would name it.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "store/history_location.hpp"
#include "store/open_history.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_fixture.hpp"
#if TARE_HAVE_POSTGRESQL
#include "store/postgresql/postgresql_database.hpp"
#include "support/postgres_server.hpp"
#endif

namespace tare::store::test {

enum class Backend { sqlite, postgresql };

class StoreUnderTest {
 public:
  explicit StoreUnderTest(Backend backend) : backend_(backend) {
#if TARE_HAVE_POSTGRESQL
    if (backend == Backend::postgresql) url_ = tare::test::PostgresServer::shared().fresh_database();
#endif
  }
  Backend backend() const { return backend_; }
  /// What --history names: the file's path, or the database's URL.
  std::string name() const { return url_.empty() ? (dir_.path() / "h.sqlite").string() : url_; }
  HistoryChoice choice() const { return choose_history(name(), true); }
  /// Opened as `tare history` opens it (`create`: made when missing, or empty).
  std::unique_ptr<ResultsHistory> open(bool create = true) const { return open_results_history(choice(), create); }
  /// A connection of its own (the file opened to write).
  std::unique_ptr<Database> connect() const {
#if TARE_HAVE_POSTGRESQL
    if (!url_.empty()) return open_postgresql(url_);
#endif
    return open_sqlite(name(), SqliteAccess::create);
  }
  /// What the store holds, to see that it was left as it was: a file's bytes; a
  /// database's tables, each with its rows' count, and the marker's rows.
  std::string snapshot() const {
    if (url_.empty()) return bytes_of(name());
    auto db = connect();
    std::string seen;
    auto tables = db->prepare(
        "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relname");
    std::vector<std::string> names;
    while (tables->step()) names.push_back(tables->text(0));
    for (const auto& table : names) {
      auto count = db->prepare("SELECT count(*) FROM " + table);
      count->step();
      seen += table + ": " + count->text(0) + "\n";
    }
    if (db->table_exists("tare_history")) {
      auto rows = db->prepare("SELECT key, value FROM tare_history ORDER BY key");
      while (rows->step()) seen += rows->text(0) + "=" + rows->text(1) + "\n";
    }
    return seen;
  }

 private:
  Backend backend_;
  ScratchDir dir_;
  std::string url_;
};

/// A store of the test's backend, made fresh for each test.
class OnEachBackend : public ::testing::TestWithParam<Backend> {
 protected:
  StoreUnderTest store{GetParam()};
};

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::sqlite ? "SQLite" : "PostgreSQL";
}

/// The backends this build has (PostgreSQL: when built with libpq).
inline std::vector<Backend> backends() {
#if TARE_HAVE_POSTGRESQL
  return {Backend::sqlite, Backend::postgresql};
#else
  return {Backend::sqlite};
#endif
}

}  // namespace tare::store::test

/// Runs the TEST_Ps of `suite` (an OnEachBackend) on each backend, named /SQLite and /PostgreSQL.
#define TARE_ON_EACH_BACKEND(suite) \
  INSTANTIATE_TEST_SUITE_P(Backends, suite, ::testing::ValuesIn(::tare::store::test::backends()), \
                           ::tare::store::test::backend_name)
