// From a benchmark's forks to its estimates and warnings. The fork is the unit of
// evidence: the score is the mean of fork means, the CI a Student-t interval over them.
#pragma once

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/stopping.hpp"

namespace tare::runner {

struct SummaryContext {
  StopRule rule;
  double clock_cost_ns = 0;  ///< the clock's resolution plus read cost
};

/// Fills score, ci, median, variances, counters, percentiles, floor and warnings.
void summarize(results::Benchmark& benchmark, const registry::Instance& instance, const SummaryContext& context);

}  // namespace tare::runner
