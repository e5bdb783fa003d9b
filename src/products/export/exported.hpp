// What every export format takes from a benchmark of tare's results: its estimate, its
// headline interval (across runs when known, else this run's: report::headline_interval,
// the one the console and the report show), and the values behind the estimate fork by
// fork. A benchmark without an estimate (failed, skipped, fewer than two good forks) has
// nothing to export.
#pragma once

#include <string>
#include <vector>

#include "report/score_interval.hpp"
#include "results/results.hpp"

namespace tare::exports {

/// Whether a smaller or a bigger score is better: time per operation, or throughput.
enum class Better { smaller, bigger };

Better better_of(Mode mode);

/// One benchmark as the formats write it.
struct Exported {
  const results::Benchmark* benchmark = nullptr;
  double score = 0;
  results::Interval ci;  ///< the headline interval
  report::IntervalScope scope = report::IntervalScope::this_run;  ///< which one it is
  std::vector<const results::Fork*> forks;  ///< the forks the score rests on (analysis::scored_forks)
  /// The values each scored fork's mean rests on, in the benchmark's unit (one row per
  /// fork, one value per sample): the mean of each row is that fork's score.
  std::vector<std::vector<double>> fork_values;
};

/// A benchmark left out of an export, and why (for a note on stderr).
struct LeftOut {
  std::string name;
  std::string reason;
};

struct Exportable {
  std::vector<Exported> benchmarks;  ///< in run order
  std::vector<LeftOut> left_out;
};

/// The benchmarks of `run` with a finite score and interval.
Exportable exportable(const results::Run& run);

}  // namespace tare::exports
