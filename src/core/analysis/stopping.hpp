// When to stop adding forks to a benchmark: once the 95% CI over the scored forks' means is
// as narrow as asked (with at least the minimum number of them), once the fork limit is
// reached, or once its time budget is spent.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

struct StopRule {
  int min_forks = 5;
  int max_forks = 100;
  double target_relative_half_width = 0.01;
  double budget_ns = 5e9;
};

/// nullopt to go on; otherwise why to stop: target_ci, budget or max_forks.
/// `scored_means`: the means of the forks the score rests on; `forks_run`: every fork run,
/// scored or not (a fork left out of the score still counts against --max-forks, which
/// caps the processes started, as `tare plan`'s fixed designs rely on).
std::optional<results::StopReason> stop_reason(const std::vector<double>& scored_means, std::size_t forks_run,
                                       double spent_ns, const StopRule& rule);

/// The rule for one benchmark: one that asks for a fixed number of forks (Google
/// Benchmark's Repetitions) gets exactly that many, whatever the precision reached or the
/// time spent; others follow `rule`.
StopRule rule_for_benchmark(const detail::BenchmarkSpec& spec, const StopRule& rule);

/// After a fork was added to benchmark.forks: records on the first fork whether the second
/// confirmed its slow start, and whether the benchmark is done, and why (stop_reason; a
/// failed or skipped fork ends it, with its error). True when it is done. `spent_ns`: the
/// time its forks took so far.
bool judge_after_fork(results::Benchmark& benchmark, int threads, double spent_ns, const StopRule& rule);

}  // namespace tare::analysis
