#include "analysis/perf_profile.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/profile.hpp"
#include "perf/grouping.hpp"

namespace tare::analysis {
namespace {

// The event's reading in a fork, when that fork counted it.
const results::CounterReading* reading_of(const results::Fork& fork, const std::string& event) {
  for (const auto& r : fork.perf_readings)
    if (r.event == event) return &r;
  return nullptr;
}

results::ProfileMetric event_figure(const std::vector<const results::Fork*>& forks, const std::string& event) {
  std::vector<double> per_op;
  double time_counted = 0;
  for (const auto* fork : forks) {
    const auto* r = reading_of(*fork, event);
    if (!r) continue;
    const auto scaled = perf::scaled_count({r->value, r->enabled_ns, r->running_ns});
    if (!scaled) continue;
    per_op.push_back(*scaled / static_cast<double>(fork->perf_ops));
    time_counted += r->enabled_ns > 0 ? std::min(1.0, static_cast<double>(r->running_ns) / static_cast<double>(r->enabled_ns)) : 1.0;
  }
  results::ProfileMetric metric = metric_over_forks(results::Profiler::perf, event, "/op", per_op);
  metric.time_counted = per_op.empty() ? 0 : time_counted / static_cast<double>(per_op.size());
  return metric;
}

}  // namespace

std::vector<results::ProfileMetric> perf_profile(const std::vector<const results::Fork*>& all) {
  std::vector<const results::Fork*> forks;
  for (const auto* fork : all)
    if (fork->perf_ops > 0 && !fork->perf_readings.empty()) forks.push_back(fork);
  if (forks.empty()) return {};
  std::vector<results::ProfileMetric> figures;
  for (const auto& reading : forks.front()->perf_readings) figures.push_back(event_figure(forks, reading.event));
  return figures;
}

}  // namespace tare::analysis
