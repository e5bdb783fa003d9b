// The results history's SQLite backend: store::Database over one sqlite3 connection, and
// its statements, each owning its handle (closed and finalised when destroyed). A write
// transaction is BEGIN IMMEDIATE: it takes the write lock first, waiting up to the busy
// timeout for another run's, so that two runs ending together both land, one after the
// other. The journal is SQLite's rollback journal: a writer killed part-way leaves a
// journal the next connection rolls back, and the store is as it was.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "store/database.hpp"

namespace tare::store {

enum class SqliteAccess { read_only, read_write, create };

/// Opens the SQLite file at `path`: read_only and read_write need it to exist; create makes
/// it when missing (not its directory). Throws StoreError (unwritable when it cannot be
/// opened as asked).
std::unique_ptr<Database> open_sqlite(const std::filesystem::path& path, SqliteAccess access,
                                      std::chrono::milliseconds busy_timeout = kBusyTimeout);

}  // namespace tare::store
