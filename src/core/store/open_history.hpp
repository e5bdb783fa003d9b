// Opening a history, with the failure rules of docs/history.md: a file that is not a tare
// history, a damaged one, or one of a newer schema is refused before anything is measured,
// in one line naming the file and the problem, and is left as it was; a history that
// cannot be written (a read-only file, a directory that cannot be made) is opened all the
// same, and only recording the run fails, at its end, when the results files are written.
#pragma once

#include <filesystem>
#include <memory>

#include "results/store.hpp"
#include "store/history_location.hpp"
#include "store/results_history.hpp"
#include "store/run_rows.hpp"

namespace tare::store {

/// Whether this build keeps results histories in files (built with SQLite).
bool results_history_available();

/// The history a benchmark run reads and records to, as chosen; nullptr for none. A new
/// results history is made (with its directory, or its tables in an empty PostgreSQL
/// database); the default one imports the old speed history's readings the first time.
/// Throws input::UsageError naming the file or URL when it is foreign, damaged or newer (or
/// a URL libpq does not take). A history that cannot be made, or a server that cannot be
/// reached, fails only when the run is recorded.
std::unique_ptr<results::RunHistory> open_run_history(const HistoryChoice& choice, const RunOrigin& origin);

/// An existing results history at `path` for `tare history` (`create`: made when missing,
/// as `tare history add` does). Throws input::UsageError naming the file when it is
/// missing (and not to be made), foreign, damaged or newer; StoreError when it cannot be
/// made.
std::unique_ptr<ResultsHistory> open_results_history(const std::filesystem::path& path, const std::string& named,
                                                     bool create);
/// The same for the history chosen: a file, or a database on a PostgreSQL server (an empty
/// database is "missing"). Throws StoreError too when the server cannot be reached.
std::unique_ptr<ResultsHistory> open_results_history(const HistoryChoice& choice, bool create);

}  // namespace tare::store
