#include "analysis/warmup.hpp"

#include "analysis/fork_analysis.hpp"
#include "stats/trend.hpp"

namespace tare::analysis {

bool warmup_settled(const std::vector<results::Sample>& warmup, std::size_t first_index, Mode mode, int threads) {
  constexpr auto kWindow = static_cast<std::size_t>(kWarmupWindow);
  if (warmup.size() < first_index + kWindow) return false;
  std::vector<double> window;
  for (std::size_t i = warmup.size() - kWindow; i < warmup.size(); ++i)
    window.push_back(sample_value(warmup[i], mode, threads));
  // The window that showed the steady state stays in warmup too: measurement starts only
  // after the evidence, never on samples chosen because they looked steady.
  return stats::trend_test(window).steady;
}

}  // namespace tare::analysis
