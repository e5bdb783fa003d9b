#include "runner/campaign.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "analysis/slow_start.hpp"
#include "runner/progress.hpp"
#include "runner/worker_process.hpp"

namespace tare::runner {

namespace {

// The first fork looks for a slow start as far as the warmup bound; later ones warm up past
// the one it found.
ForkPlan plan_next_fork(const ForkPlan& plan, const results::Benchmark& result, std::uint64_t layout_seed) {
  ForkPlan fork_plan = plan;
  fork_plan.layout_seed = layout_seed;
  fork_plan.to_horizon = result.forks.empty();
  if (!result.forks.empty())
    fork_plan.warmup_until_age_ns = analysis::later_warmup_ns(result.forks.front().slow_start, result.forks.size());
  return fork_plan;
}

}  // namespace

CampaignOutcome run_campaign(const std::vector<registry::Instance>& instances, results::Run& run, const ForkPlan& plan,
                             const analysis::StopRule& rule, std::uint64_t seed, const std::function<void()>& after_fork) {
  std::mt19937_64 rng(seed);
  std::vector<double> spent(instances.size(), 0.0);
  std::vector<bool> done(instances.size(), false);
  Progress progress;
  int forks_run = 0;
  for (;;) {
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < instances.size(); ++i)
      if (!done[i]) active.push_back(i);
    if (active.empty()) return {};
    // One fork of each unfinished benchmark per round, in a fresh random order, so slow
    // drift of the machine does not favour the benchmarks that happen to run first.
    std::shuffle(active.begin(), active.end(), rng);
    for (std::size_t i : active) {
      auto& result = run.benchmarks[i];
      const ForkPlan fork_plan = plan_next_fork(plan, result, rng());
      progress.update(fmt::format("[{} forks] {} fork {}", forks_run, instances[i].name, result.forks.size() + 1));
      const auto start = std::chrono::steady_clock::now();
      try {
        result.forks.push_back(run_fork(instances[i], fork_plan));
      } catch (const Interrupted&) {
        return {true};
      }
      if (interrupted()) {
        // Ctrl-C reaches the worker too; its death is the user's doing, not a failure.
        if (!result.forks.back().ok) result.forks.pop_back();
        return {true};
      }
      ++forks_run;
      spent[i] += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
      const auto benchmark_rule = analysis::rule_for_benchmark(*instances[i].spec, rule);
      done[i] = analysis::judge_after_fork(result, instances[i].threads, spent[i], benchmark_rule);
      after_fork();
    }
  }
}

}  // namespace tare::runner
