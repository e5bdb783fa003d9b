// The results history: every finished run kept whole in a database (store/database.hpp),
// its benchmarks' scores and intervals, and the machine's speed readings. It is the
// runner's results::RunHistory: a run records itself at its end, and the next reads the
// speed readings and its benchmarks' earlier scores on this machine before it judges its
// interval across runs. `tare history` reads it too (store/history_queries.hpp).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "results/store.hpp"
#include "store/database.hpp"
#include "store/run_rows.hpp"

namespace tare::store {

class ResultsHistory : public results::RunHistory {
 public:
  /// Over `db`, a history at kSchemaVersion (store/open_history.hpp opens one); `location`
  /// names it in the results and in messages; `origin` goes with every run recorded.
  ResultsHistory(std::unique_ptr<Database> db, std::string location, RunOrigin origin = {});

  /// Keeps the run in one transaction (its row, its benchmarks', its speed reading); a run
  /// kept already (the same results JSON) is not kept again. Throws StoreError.
  void record(const results::Run& run) override;
  /// (Reading: a history found damaged after it was opened gives none.)
  std::vector<results::SpeedReading> speed_readings(const std::string& machine) const override;
  std::vector<results::PastScore> past_scores(const std::string& machine,
                                              const results::Benchmark& benchmark) const override;
  std::string location() const override { return location_; }

  /// Keeps `row` in one transaction; false when a run of the same content hash is kept
  /// already (nothing is written). Throws StoreError.
  bool add(const RunRow& row);
  /// Imports the readings of a speed history of JSON lines, once: a file imported before
  /// (by its absolute path) is not read again; nullopt then, else how many were imported.
  std::optional<int> import_speed_history(const std::filesystem::path& path);

  Database& database() const { return *db_; }

 private:
  std::vector<results::SpeedReading> readings_of(const std::string& machine) const;
  std::vector<results::PastScore> scores_of(const std::string& machine, const results::Benchmark& benchmark) const;

  std::unique_ptr<Database> db_;
  std::string location_;
  RunOrigin origin_;
};

}  // namespace tare::store
