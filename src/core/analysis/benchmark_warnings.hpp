// The judgements that qualify a benchmark's number, as findings: build problems, code
// optimised away, forks that disagree or never settled, machine drift, a missed precision
// target, a busy machine. Each is data (a code, the numbers it rests on, what to do:
// results/finding.hpp); the report words it (report/warning_words.hpp).
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
