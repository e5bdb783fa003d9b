// The schedule of a run: rounds of one fork per unfinished benchmark, in a fresh seeded
// random order each round, until every benchmark has met its stopping rule or failed.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "analysis/stopping.hpp"
#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/fork.hpp"
#include "runner/progress.hpp"

namespace tare::runner {

struct CampaignOutcome {
  bool interrupted = false;
};

/// The plan of a benchmark's next fork after the `result` so far: the first looks for a slow
/// start as far as the warmup bound; later ones (and the profiling forks after the scored
/// ones) warm up past the one it found and are told what was measured per invocation.
ForkPlan plan_next_fork(const ForkPlan& plan, const registry::Instance& instance, const results::Benchmark& result,
                        std::uint64_t layout_seed);

/// Runs forks into run.benchmarks[i] (one per instance, same order). `after_fork` is
/// called after every fork with `run` up to date (for checkpoints). Ctrl-C ends the
/// campaign after the current fork; the fork the interrupt killed is dropped. Progress goes
/// to stderr in `progress_style`.
CampaignOutcome run_campaign(const std::vector<registry::Instance>& instances, results::Run& run, const ForkPlan& plan,
                             const analysis::StopRule& rule, std::uint64_t seed, ProgressStyle progress_style,
                             const std::function<void()>& after_fork);

}  // namespace tare::runner
