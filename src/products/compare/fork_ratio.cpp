#include "compare/fork_ratio.hpp"

#include "stats/descriptive.hpp"
#include "stats/log_ratio_interval.hpp"

namespace tare::compare {
namespace {

// One value per fork: the mean of the values it was scored on. Samples within a fork share
// its process and are not independent evidence; the fork means are.
std::vector<double> fork_means(const std::vector<std::vector<double>>& forks) {
  std::vector<double> means;
  for (const auto& f : forks)
    if (!f.empty()) means.push_back(stats::mean(f));
  return means;
}

}  // namespace

stats::LogRatioEstimate fork_log_ratio(const stats::Comparison& comparison) {
  return stats::welch_log_ratio(stats::log_side(fork_means(comparison.base)),
                                stats::log_side(fork_means(comparison.candidate)));
}

stats::RatioInterval fork_ratio(const stats::Comparison& comparison, std::size_t resamples, std::uint64_t seed,
                                RunVariances machine) {
  const auto bootstrap = stats::bootstrap_ratio(comparison.base, comparison.candidate, resamples, 0.95, seed,
                                                comparison.block_length);
  const auto t = stats::sides_ratio_interval(stats::log_side(fork_means(comparison.base), machine.base),
                                             stats::log_side(fork_means(comparison.candidate), machine.candidate));
  return stats::wider_interval(stats::widen_ratio(bootstrap, machine.base + machine.candidate), t);
}

stats::RatioInterval fork_geomean(const std::vector<stats::Comparison>& comparisons, std::size_t resamples,
                                  std::uint64_t seed, double between_runs_variance) {
  std::vector<stats::LogRatioEstimate> parts;
  for (const auto& c : comparisons) parts.push_back(fork_log_ratio(c));
  const auto bootstrap = stats::geomean_ratio(comparisons, resamples, 0.95, seed);
  return stats::wider_interval(stats::widen_ratio(bootstrap, between_runs_variance),
                               stats::log_ratio_interval(stats::mean_of_log_ratios(parts), between_runs_variance));
}

}  // namespace tare::compare
