#include "runner/campaign.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "runner/estimates.hpp"
#include "runner/progress.hpp"
#include "runner/slow_start.hpp"
#include "runner/worker_process.hpp"

namespace tare::runner {
namespace {

// A benchmark that asks for a fixed number of forks (Google Benchmark's Repetitions) gets
// exactly that many, whatever the precision reached or the time spent.
StopRule rule_for(const detail::BenchmarkSpec& spec, const StopRule& rule) {
  if (spec.settings.forks <= 0) return rule;
  StopRule fixed = rule;
  fixed.min_forks = fixed.max_forks = spec.settings.forks;
  fixed.budget_ns = 1e300;
  fixed.target_relative_half_width = 0;
  return fixed;
}

// The second fork says whether the first fork's slow start repeats at the same age.
void confirm_slow_start(results::Fork& first, const results::Fork& second, int threads) {
  if (first.slow_start && first.slow_start->warmup_ms > 0)
    first.slow_start->confirmed = confirms_slow_start(second, *first.slow_start, threads);
}

}  // namespace

CampaignOutcome run_campaign(const std::vector<registry::Instance>& instances, results::Run& run, const ForkPlan& plan,
                             const StopRule& rule, std::uint64_t seed, const std::function<void()>& after_fork) {
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
      ForkPlan fork_plan = plan;
      fork_plan.layout_seed = rng();
      // The first fork looks for a slow start as far as the warmup bound; later ones warm
      // up past the one it found.
      fork_plan.to_horizon = result.forks.empty();
      if (!result.forks.empty())
        fork_plan.warmup_until_age_ns = later_warmup_ns(result.forks.front().slow_start, result.forks.size());
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
      const results::Fork& fork = result.forks.back();
      if (result.forks.size() == 2 && fork.ok) confirm_slow_start(result.forks.front(), fork, instances[i].threads);
      if (!fork.ok) {
        result.ok = false;
        result.error = fork.error;
        result.skipped = fork.skipped;
        result.stop_reason = fork.skipped.empty() ? "failed" : "skipped";
        done[i] = true;
      } else {
        std::vector<double> means;
        for (const auto* f : scored_forks(result)) means.push_back(f->mean);
        if (auto reason = stop_reason(means, result.forks.size(), spent[i], rule_for(*instances[i].spec, rule))) {
          result.stop_reason = *reason;
          done[i] = true;
        }
      }
      after_fork();
    }
  }
}

}  // namespace tare::runner
