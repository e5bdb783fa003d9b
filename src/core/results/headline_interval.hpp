// Which of a benchmark's two intervals is its score's headline: the one every output shows
// beside the score, and the one its rates are turned from (analysis/rates.hpp). A choice
// between two fields of the model, kept beside it so that the judgement and the report,
// which may not use each other, make it alike; the words for it are the report's
// (report/score_interval.hpp).
#pragma once

#include <optional>

#include "results/results.hpp"

namespace tare::results {

/// What an interval of a score covers: this run's worker processes only (Benchmark::ci), or
/// also the machine's speed between runs (Benchmark::ci_across_runs).
enum class IntervalScope { this_run, across_runs };

struct ScoreInterval {
  Interval interval;
  IntervalScope scope = IntervalScope::this_run;
};

/// The headline: the interval across runs when the machine's speed between runs is known
/// (where a run at another moment should score: what a reader asks of a score), else this
/// run's own; nullopt when the benchmark has neither.
inline std::optional<ScoreInterval> headline_interval(const Benchmark& b) {
  if (b.ci_across_runs) return ScoreInterval{*b.ci_across_runs, IntervalScope::across_runs};
  if (b.ci) return ScoreInterval{*b.ci, IntervalScope::this_run};
  return std::nullopt;
}

}  // namespace tare::results
