// Where a finished run goes: the seam between the measuring core and what keeps its results.
// The runner hands every run it finishes to a RunStore, and reads what earlier runs left
// through a RunHistory before it judges the run's interval across runs. Today's stores are
// the results files the user asked for (runner/result_files: --json, --csv) and the
// history: the results history that keeps every run whole (store/results_history, SQLite),
// or the machine's speed history alone (system/speed_history: one reading per run, JSON
// lines). The runner needs nothing else of either.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::results {

/// One run's reading of the machine's speed: when (seconds since the epoch), on which
/// machine (system::machine_key), and the reference workload's median time per iteration
/// over the run's forks.
struct SpeedReading {
  std::int64_t time = 0;
  std::string machine;
  double reference_ns = 0;
};

/// One earlier run's score of a benchmark on this machine: what the benchmark's own spread
/// between runs is learned from.
struct PastScore {
  std::int64_t time = 0;       ///< when the run ended, seconds since the epoch
  double score = 0;            ///< in the benchmark's unit
  double standard_error = 0;   ///< of the score over the run's forks (same unit); 0 when unknown
  int forks = 0;               ///< scored forks
};

/// Keeps finished runs.
class RunStore {
 public:
  virtual ~RunStore() = default;
  /// Keeps `run` as it finished (summarised, judged, with its context). Throws
  /// std::runtime_error naming the place when a store that must keep it cannot.
  virtual void record(const Run& run) = 0;
};

/// A store that gives back what earlier runs left: what a new run's interval across runs
/// is weighed against.
class RunHistory : public RunStore {
 public:
  /// The readings of `machine`'s speed in the runs recorded so far, oldest first.
  virtual std::vector<SpeedReading> speed_readings(const std::string& machine) const = 0;
  /// The scores of `benchmark` (same name, same mode and unit; same timed code where its
  /// identity is known: a change of code starts a new series) in the runs on `machine`
  /// recorded so far, oldest first. A history that keeps only speed readings has none.
  virtual std::vector<PastScore> past_scores(const std::string& machine, const Benchmark& benchmark) const {
    (void)machine;
    (void)benchmark;
    return {};
  }
  /// Where the history is kept, as the results name it (Context::BetweenRuns::history).
  virtual std::string location() const = 0;
};

}  // namespace tare::results
