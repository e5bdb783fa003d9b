#include "runner/campaign.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "analysis/calibration.hpp"
#include "analysis/slow_start.hpp"
#include "analysis/time_left.hpp"
#include "runner/progress.hpp"
#include "runner/worker_process.hpp"

namespace tare::runner {

namespace {

// What the progress line says before a fork: forks so far, benchmarks finished, the time
// spent and an estimate of what is left, and what runs now.
std::string progress_text(const std::vector<registry::Instance>& instances, const results::Run& run,
                          const std::vector<analysis::BenchmarkSoFar>& so_far, int forks_run, double forks_ns,
                          const Progress& progress, std::size_t now_running) {
  const auto finished = std::count_if(so_far.begin(), so_far.end(), [](const auto& b) { return b.done; });
  const auto left_ns = analysis::time_left_estimate_ns(so_far, forks_run > 0 ? forks_ns / forks_run : 0);
  const std::string left = left_ns ? ", ~" + clock_text(*left_ns / 1e9) + " left" : "";
  return fmt::format("[{} forks, {}/{} benchmarks done, {}{}] {} fork {}", forks_run, finished, instances.size(),
                     clock_text(progress.elapsed_seconds()), left, instances[now_running].name,
                     run.benchmarks[now_running].forks.size() + 1);
}

}  // namespace

// The first fork looks for a slow start as far as the warmup bound; later ones warm up past
// the one it found.
ForkPlan plan_next_fork(const ForkPlan& plan, const registry::Instance& instance, const results::Benchmark& result,
                        std::uint64_t layout_seed) {
  ForkPlan fork_plan = plan;
  fork_plan.layout_seed = layout_seed;
  fork_plan.to_horizon = result.forks.empty();
  fork_plan.invocation_ns = analysis::invocation_ns(result.forks, instance.spec->ops_per_invocation, instance.threads);
  if (!result.forks.empty())
    fork_plan.warmup_until_age_ns = analysis::later_warmup_ns(result.forks.front().slow_start, result.forks.size());
  return fork_plan;
}

CampaignOutcome run_campaign(const std::vector<registry::Instance>& instances, results::Run& run, const ForkPlan& plan,
                             const analysis::StopRule& rule, std::uint64_t seed, ProgressStyle progress_style,
                             const std::function<void()>& after_fork) {
  std::mt19937_64 rng(seed);
  std::vector<analysis::BenchmarkSoFar> so_far(instances.size());
  for (std::size_t i = 0; i < instances.size(); ++i) so_far[i].rule = analysis::rule_for_benchmark(*instances[i].spec, rule);
  Progress progress(progress_style);
  int forks_run = 0;
  double forks_ns = 0;
  for (;;) {
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < instances.size(); ++i)
      if (!so_far[i].done) active.push_back(i);
    if (active.empty()) return {};
    // One fork of each unfinished benchmark per round, in a fresh random order, so slow
    // drift of the machine does not favour the benchmarks that happen to run first.
    std::shuffle(active.begin(), active.end(), rng);
    for (std::size_t i : active) {
      auto& result = run.benchmarks[i];
      const ForkPlan fork_plan = plan_next_fork(plan, instances[i], result, rng());
      progress.update(progress_text(instances, run, so_far, forks_run, forks_ns, progress, i));
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
      const double fork_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
      ++forks_run;
      forks_ns += fork_ns;
      so_far[i].spent_ns += fork_ns;
      so_far[i].forks_run = result.forks.size();
      so_far[i].done = analysis::judge_after_fork(result, instances[i].threads, so_far[i].spent_ns, so_far[i].rule);
      after_fork();
    }
  }
}

}  // namespace tare::runner
