#include "analysis/warmup.hpp"

#include <algorithm>

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

double passed_ns(const std::vector<results::Sample>& samples) {
  double own = 0;
  for (const auto& s : samples) own += s.ns;
  const auto& first = samples.front();
  const auto& last = samples.back();
  if (first.age_ns < 0 || last.age_ns < 0) return own;
  return std::max(own, last.age_ns - first.age_ns + first.ns);
}

double last_passed_ns(const std::vector<results::Sample>& samples) {
  const auto& last = samples.back();
  if (samples.size() < 2) return last.ns;
  const auto& before = samples[samples.size() - 2];
  if (before.age_ns < 0 || last.age_ns < 0) return last.ns;
  return std::max(last.ns, last.age_ns - before.age_ns);
}

}  // namespace tare::analysis
