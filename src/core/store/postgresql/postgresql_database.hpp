// The results history's PostgreSQL backend, for a team's history on a server: store::Database
// over one libpq connection. A write transaction takes a transaction-scoped advisory lock
// first, waiting up to the lock timeout for another run's, so that two runs ending together
// both land, one after the other (as SQLite's BEGIN IMMEDIATE does). A writer killed
// part-way loses its connection, and the server rolls its transaction back: the store is
// as it was. Statements run when first stepped, their rows read whole.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "store/database.hpp"

namespace tare::store {

/// Why libpq does not take `url` as a connection URL (one line); nullopt when it does.
std::optional<std::string> postgresql_url_problem(const std::string& url);

/// Connects to the database `url` names. Throws StoreError: unwritable when the server
/// cannot be reached, refuses the connection, or has no such database (one line, libpq's
/// reason: the caller names the history, without its password); failed for a server older
/// than PostgreSQL 10.
std::unique_ptr<Database> open_postgresql(const std::string& url,
                                          std::chrono::milliseconds lock_timeout = kBusyTimeout);

}  // namespace tare::store
