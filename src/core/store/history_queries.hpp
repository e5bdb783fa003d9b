// What `tare history` reads back from a results history: the runs, each benchmark's scores
// run by run, and every stored value for an export. Reading only.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "results/store.hpp"
#include "store/database.hpp"
#include "store/run_rows.hpp"

namespace tare::store {

struct StoredRun {
  std::int64_t id = 0;
  RunRow row;           ///< benchmarks and results JSON only when asked for
  int benchmark_count = 0;
};

/// The runs, oldest first. `with_benchmarks`: each run's benchmark rows; `with_results`: its
/// results JSON.
std::vector<StoredRun> stored_runs(Database& db, bool with_benchmarks, bool with_results);

/// The same, one run at a time, none kept: what an export of every run's results (hundreds
/// of MB in a long history) reads.
void visit_runs(Database& db, bool with_benchmarks, bool with_results, const std::function<void(StoredRun&)>& visit);

/// One benchmark's score in one run.
struct StoredScore {
  std::int64_t run_id = 0, time = 0;
  std::string date, commit, machine;
  BenchmarkRow benchmark;
};

/// The names of the benchmarks kept, sorted.
std::vector<std::string> stored_benchmark_names(Database& db);

/// Which scores stored_scores reads: of one machine, of some benchmarks (by name), with or
/// without the details a table of scores leaves out (family, fork means, warnings).
struct ScoreQuery {
  std::optional<std::string> machine;
  std::optional<std::vector<std::string>> names;
  bool details = false;
};

/// Every benchmark's scores the query asks for, by name, mode, unit, machine, then oldest
/// first.
std::vector<StoredScore> stored_scores(Database& db, const ScoreQuery& query = {});

/// One benchmark (name, mode, unit) on one machine, over its runs, oldest first: what
/// `tare history show` prints and `tare report --history` draws.
struct ScoreSeries {
  std::string name, mode, unit, machine;
  std::vector<StoredScore> runs;
};

/// The scores, sorted as stored_scores sorts them, grouped by benchmark and machine.
std::vector<ScoreSeries> score_series(std::vector<StoredScore> scores);

/// Every speed reading, oldest first.
std::vector<results::SpeedReading> stored_speed_readings(Database& db);

}  // namespace tare::store
