#include "analysis/relative.hpp"

#include "analysis/estimates.hpp"
#include "stats/descriptive.hpp"
#include "stats/log_ratio_interval.hpp"
#include "stats/ratio.hpp"

namespace tare::analysis {
namespace {

std::vector<std::vector<double>> values(const results::Benchmark& b, const registry::Instance& instance) {
  std::vector<std::vector<double>> forks;
  for (const auto* f : scored_forks(b)) forks.push_back(fork_values(*f, instance.mode, instance.threads));
  return forks;
}

std::vector<double> fork_means(const std::vector<std::vector<double>>& forks) {
  std::vector<double> means;
  for (const auto& f : forks)
    if (!f.empty()) means.push_back(stats::mean(f));
  return means;
}

// The bootstrap over forks, then samples, never narrower than the two benchmarks' own
// Student-t intervals over their forks allow (with few forks the bootstrap alone is far too
// sure: stats/log_ratio_interval.hpp). One run: no machine speed between the two.
stats::RatioInterval baseline_ratio(const std::vector<std::vector<double>>& base,
                                    const std::vector<std::vector<double>>& candidate, std::uint64_t seed) {
  const auto bootstrap = stats::bootstrap_ratio(base, candidate, 2000, 0.95, seed);
  if (bootstrap.resamples == 0) return bootstrap;
  return stats::wider_interval(
      bootstrap, stats::sides_ratio_interval(stats::log_side(fork_means(base)), stats::log_side(fork_means(candidate))));
}

}  // namespace

void relate_to_baselines(results::Run& run, const std::vector<registry::Instance>& instances) {
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const auto& instance = instances[i];
    const std::string& baseline = instance.spec->baseline;
    if (baseline.empty() || baseline == instance.spec->name) continue;
    for (std::size_t j = 0; j < instances.size(); ++j) {
      const auto& other = instances[j];
      if (other.spec->name != baseline || other.params != instance.params || other.threads != instance.threads ||
          other.mode != instance.mode)
        continue;
      auto& b = run.benchmarks[i];
      const auto& base = run.benchmarks[j];
      if (!b.ok || !base.ok) break;
      const auto ratio = baseline_ratio(values(base, other), values(b, instance), run.context.seed + i);
      if (ratio.resamples == 0) break;
      b.relative = results::Relative{base.name, ratio.estimate, results::Interval{ratio.level, ratio.low, ratio.high}};
      break;
    }
  }
}

}  // namespace tare::analysis
