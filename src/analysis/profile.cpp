#include "analysis/profile.hpp"

#include <cstdint>
#include <functional>
#include <string>

#include "stats/interval.hpp"

namespace tare::analysis {
namespace {

std::uint64_t measured_ops(const results::Fork& fork) {
  std::uint64_t ops = 0;
  for (const auto& sample : fork.samples) ops += sample.ops;
  return ops;
}

// One figure: its value in each fork, then the mean and interval over the forks.
results::ProfileMetric over_forks(const std::vector<const results::Fork*>& forks, std::string name, std::string unit,
                                  const std::function<double(const results::Fork&)>& value) {
  std::vector<double> values;
  for (const auto* fork : forks) values.push_back(value(*fork));
  results::ProfileMetric metric;
  metric.profiler = results::Profiler::rusage;
  metric.name = std::move(name);
  metric.unit = std::move(unit);
  metric.forks = static_cast<int>(values.size());
  const auto ci = stats::mean_interval(values);
  metric.mean = ci.mean;
  if (values.size() >= 2) metric.ci = results::Interval{ci.level, ci.low, ci.high};
  return metric;
}

}  // namespace

std::vector<results::ProfileMetric> rusage_profile(const std::vector<const results::Fork*>& all) {
  std::vector<const results::Fork*> forks;
  for (const auto* fork : all)
    if (measured_ops(*fork) > 0) forks.push_back(fork);
  if (forks.empty()) return {};
  const auto rate = [](long results::Resources::*field) {
    return [field](const results::Fork& f) {
      return static_cast<double>(f.resources.*field) / static_cast<double>(measured_ops(f));
    };
  };
  return {over_forks(forks, "minor_faults", "/op", rate(&results::Resources::minor_faults)),
          over_forks(forks, "major_faults", "/op", rate(&results::Resources::major_faults)),
          over_forks(forks, "voluntary_switches", "/op", rate(&results::Resources::voluntary_switches)),
          over_forks(forks, "involuntary_switches", "/op", rate(&results::Resources::involuntary_switches)),
          over_forks(forks, "max_rss", "KiB",
                     [](const results::Fork& f) { return static_cast<double>(f.resources.max_rss_kib); })};
}

}  // namespace tare::analysis
