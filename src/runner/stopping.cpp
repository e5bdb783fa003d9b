#include "runner/stopping.hpp"

#include "stats/interval.hpp"

namespace tare::runner {

std::optional<std::string> stop_reason(const std::vector<double>& fork_means, double spent_ns, const StopRule& rule) {
  const int forks = static_cast<int>(fork_means.size());
  if (forks >= rule.min_forks && forks >= 2 &&
      stats::relative_half_width(stats::mean_interval(fork_means)) <= rule.target_relative_half_width)
    return "target-ci";
  if (forks >= rule.max_forks) return "max-forks";
  if (spent_ns >= rule.budget_ns) return "budget";
  return std::nullopt;
}

}  // namespace tare::runner
