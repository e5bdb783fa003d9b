#include "analysis/relative.hpp"

#include "analysis/estimates.hpp"
#include "stats/ratio.hpp"

namespace tare::analysis {
namespace {

std::vector<std::vector<double>> values(const results::Benchmark& b, const registry::Instance& instance) {
  std::vector<std::vector<double>> forks;
  for (const auto* f : scored_forks(b)) forks.push_back(fork_values(*f, instance.mode, instance.threads));
  return forks;
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
      const auto ratio = stats::bootstrap_ratio(values(base, other), values(b, instance), 2000, 0.95,
                                                run.context.seed + i);
      if (ratio.resamples == 0) break;
      b.relative = results::Relative{base.name, ratio.estimate, results::Interval{ratio.level, ratio.low, ratio.high}};
      break;
    }
  }
}

}  // namespace tare::analysis
