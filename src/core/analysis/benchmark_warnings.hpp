// The judgements that qualify a benchmark's number, in words a reader can act on: build
// problems, code optimised away, forks that disagree or never settled, dependent samples,
// outliers, machine drift, a missed precision target, a busy machine.
#pragma once

#include <vector>

#include "analysis/summarize.hpp"
#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// Appends to benchmark.warnings; reads the estimates summarize() filled in. `scored` are
/// the forks the score rests on (estimates.hpp's scored_forks).
void add_warnings(results::Benchmark& benchmark, const registry::Instance& instance,
                  const std::vector<const results::Fork*>& scored, const SummaryContext& context);

}  // namespace tare::analysis
