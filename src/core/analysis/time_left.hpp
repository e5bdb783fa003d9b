// How long a run may still take, for the progress line's "~M:SS left". Each unfinished
// benchmark stops at its budget (checked after a fork, so up to one fork past it) or at its
// fork cap, whichever comes first; it may stop sooner, when its interval is narrow enough,
// which no one can foresee. Fork lengths are only known as they come (a benchmark's first
// fork also looks for a slow start, and a slow benchmark's forks are long), so the figure is
// an estimate that leans high, not a bound, and is shown as one.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "analysis/stopping.hpp"

namespace tare::analysis {

struct BenchmarkSoFar {
  double spent_ns = 0;         ///< machine time its forks took so far
  std::size_t forks_run = 0;
  bool done = false;
  StopRule rule;               ///< its own rule (rule_for_benchmark)
};

/// The time the unfinished benchmarks may still take: a benchmark's forks are taken to last
/// as long as its own so far, or `fork_ns` (the mean over all forks so far) before it has
/// run one; nullopt before any fork has run.
std::optional<double> time_left_estimate_ns(const std::vector<BenchmarkSoFar>& benchmarks, double fork_ns);

}  // namespace tare::analysis
