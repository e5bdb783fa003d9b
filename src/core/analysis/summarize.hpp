// From a benchmark's forks to its estimates and warnings. The fork is the unit of
// evidence: the score is the mean of the means of the forks that reached a steady state,
// the CI a Student-t interval over them.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/stopping.hpp"
#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

struct SummaryContext {
  StopRule rule;
  double clock_cost_ns = 0;     ///< the clock's resolution plus read cost
  std::uint64_t seed = 0;       ///< the run's seed: bootstrap resamples are reproducible
  double run_reference_ns = 0;  ///< the run's median reference time (drift normalisation)
  bool checkpoint = false;      ///< a summary written during the run: skip the bootstrap
  /// The bootstrap intervals: only a results file (JSON) holds them, and they cost a few ms
  /// a benchmark, so a run that writes none leaves them out.
  bool bootstrap = true;
  std::vector<results::Profiler> profilers = {};  ///< what --prof asked for
};

/// Fills the estimates (estimates.hpp), drift, counters, percentiles, floor and warnings.
void summarize(results::Benchmark& benchmark, const registry::Instance& instance, const SummaryContext& context);

}  // namespace tare::analysis
