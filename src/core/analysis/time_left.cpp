#include "analysis/time_left.hpp"

#include <algorithm>

namespace tare::analysis {

std::optional<double> time_left_estimate_ns(const std::vector<BenchmarkSoFar>& benchmarks, double fork_ns) {
  if (!(fork_ns > 0)) return std::nullopt;
  double total = 0;
  for (const auto& b : benchmarks) {
    if (b.done) continue;
    const double own_fork_ns = b.forks_run > 0 ? b.spent_ns / static_cast<double>(b.forks_run) : fork_ns;
    const auto forks_left = static_cast<double>(std::max<std::ptrdiff_t>(
        0, static_cast<std::ptrdiff_t>(b.rule.max_forks) - static_cast<std::ptrdiff_t>(b.forks_run)));
    const double by_forks = forks_left * own_fork_ns;
    const double by_budget = std::max(0.0, b.rule.budget_ns - b.spent_ns) + own_fork_ns;
    total += std::min(by_forks, by_budget);
  }
  return total;
}

}  // namespace tare::analysis
