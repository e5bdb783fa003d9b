#include "runner/campaign.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "runner/estimates.hpp"
#include "runner/progress.hpp"
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

}  // namespace

CampaignOutcome run_campaign(const std::vector<registry::Instance>& instances, results::Run& run, ForkPlan plan,
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
      plan.layout_seed = rng();
      progress.update(fmt::format("[{} forks] {} fork {}", forks_run, instances[i].name, result.forks.size() + 1));
      const auto start = std::chrono::steady_clock::now();
      try {
        result.forks.push_back(run_fork(instances[i], plan));
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
