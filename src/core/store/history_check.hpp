// `tare history check` and `tare history ack` over a results history: each benchmark's runs
// on each machine put in commit order (a commit where its first run stands, its runs by
// time) and judged for change points (analysis/change_points.hpp); a change beyond the
// threshold that no one acknowledged is an alert. Acknowledged changes are kept in their own
// table. Reading, but for acknowledge.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/change_points.hpp"
#include "store/database.hpp"
#include "store/history_queries.hpp"

namespace tare::store {

/// A change that was expected: the benchmark's name and the first commit after it (as kept).
struct Acknowledgement {
  std::string name, commit, note;
  std::int64_t time = 0;  ///< when it was acknowledged, seconds since the epoch
};

/// Keeps it (a second of the same benchmark and commit replaces the first's note and time).
/// Throws StoreError.
void acknowledge(Database& db, const Acknowledgement& acknowledgement);
/// Every one kept, oldest first.
std::vector<Acknowledgement> acknowledgements(Database& db);
/// The commits of the runs of benchmark `name` (any benchmark when empty) that begin with
/// `prefix`; the one equal to it alone, when one is.
std::vector<std::string> commits_named(Database& db, const std::string& name, const std::string& prefix);

struct CheckQuery {
  std::optional<std::string> machine;
  std::optional<std::vector<std::string>> names;
  double threshold = 0.02;  ///< relative: an alert is a change at least this large
  /// Report only the changes whose first run is at or after this time, or at or after the
  /// first run of this commit (a prefix) in its series; the runs before still count.
  std::optional<std::int64_t> since_time;
  std::optional<std::string> since_commit;
};

struct CheckedChange {
  analysis::ChangePoint change;
  std::int64_t run_id = 0, time = 0;  ///< of the first run after the change
  std::string date;
  bool beyond_threshold = false;
  std::optional<Acknowledgement> acknowledged;
  bool alert() const { return beyond_threshold && !acknowledged; }
};

/// One benchmark (name, mode, unit) on one machine.
struct CheckedSeries {
  std::string name, mode, unit, machine;
  std::size_t runs = 0;
  double between_run_sd = 0;
  std::vector<std::int64_t> spikes;    ///< the runs set aside as spikes
  std::vector<CheckedChange> changes;  ///< the changes reported (since, if asked)
};

/// The series the query names, sorted by benchmark and machine.
std::vector<CheckedSeries> check_history(Database& db, const CheckQuery& query);
/// The same over scores read already (stored_scores' order), the query's machine and names
/// unused: what `tare history show` marks, from the scores it shows.
std::vector<CheckedSeries> check_scores(std::vector<StoredScore> scores, const CheckQuery& query,
                                        const std::vector<Acknowledgement>& acknowledged);

}  // namespace tare::store
