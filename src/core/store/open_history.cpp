#include "store/open_history.hpp"

#include <system_error>

#include "input/usage_error.hpp"
#include "store/schema.hpp"
#include "system/speed_history.hpp"
#if TARE_HAVE_SQLITE
#include "store/sqlite/sqlite_database.hpp"
#endif
#if TARE_HAVE_POSTGRESQL
#include "store/postgresql/postgresql_database.hpp"
#endif

namespace tare::store {
namespace {

// A results history that cannot be made where it was asked for: the run goes on, and
// recording it at the end fails saying why (as a read-only history's does).
class UnmadeHistory final : public results::RunHistory {
 public:
  UnmadeHistory(std::string location, std::string why) : location_(std::move(location)), why_(std::move(why)) {}
  void record(const results::Run&) override { throw StoreError(StoreError::Kind::unwritable, why_); }
  std::vector<results::SpeedReading> speed_readings(const std::string&) const override { return {}; }
  std::string location() const override { return location_; }

 private:
  std::string location_, why_;
};

#if TARE_HAVE_SQLITE || TARE_HAVE_POSTGRESQL

[[noreturn]] void refuse(const std::string& named, const StoreError& error) {
  const char* what = "";
  switch (error.kind()) {
    case StoreError::Kind::foreign:
      what = "not a tare history";
      break;
    case StoreError::Kind::damaged:
      what = "a damaged history";
      break;
    case StoreError::Kind::newer:
      what = "a history this tare cannot read";
      break;
    default:
      what = "cannot be read";
      break;
  }
  throw input::UsageError(named + ": " + what + " (" + error.what() + "); left as it was");
}

#endif

#if TARE_HAVE_SQLITE

// Checks an existing file without writing to it, then opens it to write (read-only when
// the file is), bringing an older schema up to date.
StoreState checked_state(const std::filesystem::path& path) {
  try {
    auto reader = open_sqlite(path, SqliteAccess::read_only);
    return inspect(*reader);
  } catch (const StoreError& error) {
    // A writer killed in its transaction left a journal that only a writer can roll back:
    // reading the file as it was takes that.
    if (error.kind() != StoreError::Kind::unwritable) throw;
  }
  auto writer = open_sqlite(path, SqliteAccess::read_write);
  return inspect(*writer);
}

std::unique_ptr<Database> open_existing(const std::filesystem::path& path, const std::string& named) {
  StoreState state;
  try {
    state = checked_state(path);
    check_usable(state);
  } catch (const StoreError& error) {
    refuse(named, error);
  }
  std::unique_ptr<Database> db;
  try {
    db = open_sqlite(path, SqliteAccess::read_write);
  } catch (const StoreError&) {
    db = open_sqlite(path, SqliteAccess::read_only);  // a read-only file: read, and say so when recording
  }
  if (state.version < kSchemaVersion && db->writable()) migrate(*db);
  return db;
}

std::unique_ptr<Database> create(const std::filesystem::path& path) {
  std::error_code error;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), error);
  if (error) throw StoreError(StoreError::Kind::unwritable, "cannot make " + path.parent_path().string() + ": " + error.message());
  auto db = open_sqlite(path, SqliteAccess::create);
  migrate(*db);
  return db;
}

// The old default speed history goes into the default results history, once.
void import_old_speed_history(ResultsHistory& history) {
  const auto old = old_speed_history_path();
  std::error_code error;
  if (!old || !std::filesystem::exists(*old, error) || !history.database().writable()) return;
  try {
    history.import_speed_history(*old);
  } catch (const StoreError&) {
    // Only the readings of earlier runs are missed: the next run imports them.
  }
}

#endif

#if TARE_HAVE_POSTGRESQL

// A history on a server: connected, and refused (left as it was) when the database holds
// another program's tables or a newer schema; an empty one is made a history when
// `create_missing`. Throws StoreError when the server cannot be reached or the history
// cannot be made there.
std::unique_ptr<Database> open_server(const HistoryChoice& choice, bool create_missing) {
  if (const auto problem = postgresql_url_problem(choice.url))
    throw input::UsageError(choice.named + ": not a PostgreSQL URL (" + *problem + ")");
  auto db = open_postgresql(choice.url);
  StoreState state;
  try {
    state = inspect(*db);
    check_usable(state);
  } catch (const StoreError& error) {
    if (error.kind() == StoreError::Kind::unwritable) throw;
    if (error.kind() != StoreError::Kind::foreign) refuse(choice.named, error);
    refuse(choice.named, StoreError(error.kind(), "the database holds other tables, and no tare history's marker"));
  }
  if (state.contents == StoreState::Contents::empty && !create_missing)
    throw input::UsageError(choice.named + ": no history there (an empty database: a benchmark run or `tare history "
                                           "add` makes it)");
  if (state.version < kSchemaVersion && db->writable()) migrate(*db);
  return db;
}

#endif

std::unique_ptr<Database> open_chosen_server(const HistoryChoice& choice, bool create_missing) {
#if TARE_HAVE_POSTGRESQL
  return open_server(choice, create_missing);
#else
  (void)create_missing;
  throw input::UsageError(choice.named + ": this build of tare was built without PostgreSQL (libpq)");
#endif
}

}  // namespace

std::unique_ptr<ResultsHistory> open_results_history(const HistoryChoice& choice, bool create_missing) {
  if (choice.url.empty()) return open_results_history(choice.path, choice.named, create_missing);
  return std::make_unique<ResultsHistory>(open_chosen_server(choice, create_missing), history_location(choice));
}

bool results_history_available() { return TARE_HAVE_SQLITE != 0; }

std::unique_ptr<ResultsHistory> open_results_history(const std::filesystem::path& path, const std::string& named,
                                                     bool create_missing) {
#if TARE_HAVE_SQLITE
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw input::UsageError(named + ": a directory, not a history file");
  std::unique_ptr<Database> db;
  if (std::filesystem::exists(path, error)) db = open_existing(path, named);
  else if (create_missing) db = create(path);
  else throw input::UsageError(named + ": no history there (a benchmark run or `tare history add` makes it)");
  return std::make_unique<ResultsHistory>(std::move(db), path.string());
#else
  (void)path;
  (void)create_missing;
  throw input::UsageError(named + ": this build of tare has no SQLite, so it keeps no results history");
#endif
}

std::unique_ptr<results::RunHistory> open_run_history(const HistoryChoice& choice, const RunOrigin& origin) {
  if (choice.kind == HistoryChoice::Kind::none) return nullptr;
  if (choice.kind == HistoryChoice::Kind::speed_lines) return std::make_unique<system::SpeedHistory>(choice.path);
  if (!choice.url.empty()) {
    try {
      return std::make_unique<ResultsHistory>(open_chosen_server(choice, true), history_location(choice), origin);
    } catch (const StoreError& e) {
      return std::make_unique<UnmadeHistory>(history_location(choice), e.what());
    }
  }
#if TARE_HAVE_SQLITE
  std::error_code error;
  if (std::filesystem::is_directory(choice.path, error))
    throw input::UsageError(choice.named + ": a directory, not a history file");
  std::unique_ptr<Database> db;
  if (std::filesystem::exists(choice.path, error)) {
    db = open_existing(choice.path, choice.named);
  } else {
    try {
      db = create(choice.path);
    } catch (const StoreError& e) {
      return std::make_unique<UnmadeHistory>(choice.path.string(), e.what());
    }
  }
  auto history = std::make_unique<ResultsHistory>(std::move(db), choice.path.string(), origin);
  if (choice.is_default) import_old_speed_history(*history);
  return history;
#else
  (void)origin;
  throw input::UsageError(choice.named + ": this build of tare has no SQLite, so it keeps no results history");
#endif
}

}  // namespace tare::store
