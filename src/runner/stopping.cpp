#include "runner/stopping.hpp"

#include "stats/interval.hpp"

namespace tare::runner {

std::optional<std::string> stop_reason(const std::vector<double>& scored_means, std::size_t forks_run,
                                       double spent_ns, const StopRule& rule) {
  const auto scored = static_cast<int>(scored_means.size());
  if (scored >= rule.min_forks && scored >= 2 &&
      stats::relative_half_width(stats::mean_interval(scored_means)) <= rule.target_relative_half_width)
    return "target-ci";
  if (static_cast<int>(forks_run) >= rule.max_forks) return "max-forks";
  if (spent_ns >= rule.budget_ns) return "budget";
  return std::nullopt;
}

}  // namespace tare::runner
