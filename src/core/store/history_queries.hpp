// What `tare history` reads back from a results history: the runs, each benchmark's scores
// run by run, and every stored value for an export. Reading only.
#pragma once

#include <cstdint>
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

/// One benchmark's score in one run.
struct StoredScore {
  std::int64_t run_id = 0, time = 0;
  std::string date, commit, machine;
  BenchmarkRow benchmark;
};

/// Every benchmark's scores (of `machine` only, when given), by name, mode, unit, machine,
/// then oldest first.
std::vector<StoredScore> stored_scores(Database& db, const std::optional<std::string>& machine);

/// Every speed reading, oldest first.
std::vector<results::SpeedReading> stored_speed_readings(Database& db);

}  // namespace tare::store
