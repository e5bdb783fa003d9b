#include "analysis/stopping.hpp"

#include "analysis/estimates.hpp"
#include "analysis/slow_start.hpp"
#include "stats/interval.hpp"

namespace tare::analysis {

std::optional<results::StopReason> stop_reason(const std::vector<double>& scored_means, std::size_t forks_run,
                                       double spent_ns, const StopRule& rule) {
  const auto scored = static_cast<int>(scored_means.size());
  if (scored >= rule.min_forks && scored >= 2 &&
      stats::relative_half_width(stats::mean_interval(scored_means)) <= rule.target_relative_half_width)
    return results::StopReason::target_ci;
  if (static_cast<int>(forks_run) >= rule.max_forks) return results::StopReason::max_forks;
  if (spent_ns >= rule.budget_ns) return results::StopReason::budget;
  return std::nullopt;
}

StopRule rule_for_benchmark(const detail::BenchmarkSpec& spec, const StopRule& rule) {
  if (spec.settings.forks <= 0) return rule;
  StopRule fixed = rule;
  fixed.min_forks = fixed.max_forks = spec.settings.forks;
  fixed.budget_ns = 1e300;
  fixed.target_relative_half_width = 0;
  return fixed;
}

bool judge_after_fork(results::Benchmark& benchmark, int threads, double spent_ns, const StopRule& rule) {
  const results::Fork& fork = benchmark.forks.back();
  if (benchmark.forks.size() == 2 && fork.ok)
    record_slow_start_confirmation(benchmark.forks.front(), fork, threads);
  if (!fork.ok) {
    benchmark.ok = false;
    benchmark.error = fork.error;
    benchmark.skipped = fork.skipped;
    benchmark.stop_reason = fork.skipped.empty() ? results::StopReason::failed : results::StopReason::skipped;
    return true;
  }
  std::vector<double> means;
  for (const auto* f : scored_forks(benchmark)) means.push_back(f->mean);
  const auto reason = stop_reason(means, benchmark.forks.size(), spent_ns, rule);
  if (reason) benchmark.stop_reason = *reason;
  return reason.has_value();
}

}  // namespace tare::analysis
