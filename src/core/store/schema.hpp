// The results history's tables, and how a file becomes one: a marker table says that the
// file is a tare history and which version of this schema it holds; versioned migrations
// bring an older one up to date when it is opened, in one transaction. A file of another
// program, or of a newer tare, is recognised before anything is written to it.
#pragma once

#include <optional>
#include <string>

#include "store/database.hpp"

namespace tare::store {

/// The version this tare writes and reads; a history of a higher one is refused.
inline constexpr int kSchemaVersion = 2;

/// The marker: a table of (key, value) rows, the store's name and schema version among them
/// (and which speed-history files were imported).
inline constexpr const char* kMarkerTable = "tare_history";
inline constexpr const char* kStoreName = "tare results history";

/// What a database holds, read without writing.
struct StoreState {
  enum class Contents { empty, history, foreign } contents = Contents::empty;
  int version = 0;  ///< the history's schema version (contents == history)
};

/// Reads what `db` holds, after checking its structures. Throws StoreError: damaged for a
/// database whose structures are broken, or a marker table without a readable version.
StoreState inspect(Database& db);
/// The same without the check of its structures (what inspect found a moment ago).
StoreState read_state(Database& db);

/// Throws StoreError unless a history in `state` can be used by this tare: foreign for
/// another program's database, newer for a schema above kSchemaVersion.
void check_usable(const StoreState& state);

/// Brings `db` (empty, or a history of an older version) to kSchemaVersion, in one write
/// transaction; nothing when it is there already.
void migrate(Database& db);

/// A key of the marker table; nullopt when absent. set_marker writes one (in the caller's
/// transaction).
std::optional<std::string> marker(Database& db, const std::string& key);
void set_marker(Database& db, const std::string& key, const std::string& value);

}  // namespace tare::store
