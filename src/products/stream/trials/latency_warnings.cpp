#include "stream/trials/latency_warnings.hpp"

#include "stream/verdict/window_resolution.hpp"

namespace tare::stream {

std::vector<std::string> latency_warnings(const TrialResult& trial, std::int64_t window_size_ns) {
  if (trial.event_time.total_count() == 0 || window_size_ns == 0) return {};
  std::vector<LatencyPercentile> shown;
  for (const double p : {50.0, 99.0, 99.9})
    shown.push_back({p, static_cast<double>(trial.event_time.value_at_percentile(p))});
  if (auto warning = window_resolution_warning(window_size_ns, shown)) return {*warning};
  return {};
}

}  // namespace tare::stream
