#include "analysis/profile.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>

#include "stats/interval.hpp"

namespace tare::analysis {
namespace {

// The operations the fork's resource counts cover (a file written before they were kept:
// its scored samples').
std::uint64_t measured_ops(const results::Fork& fork) {
  if (fork.resources.ops > 0) return fork.resources.ops;
  std::uint64_t ops = 0;
  for (const auto& sample : fork.samples) ops += sample.ops;
  return ops;
}

// One figure: its value in each fork, then the mean and interval over the forks.
results::ProfileMetric over_forks(results::Profiler profiler, const std::vector<const results::Fork*>& forks,
                                  std::string name, std::string unit,
                                  const std::function<double(const results::Fork&)>& value) {
  std::vector<double> values;
  for (const auto* fork : forks) values.push_back(value(*fork));
  return metric_over_forks(profiler, std::move(name), std::move(unit), values);
}

}  // namespace

int profiling_forks_wanted(int min_forks) { return std::clamp(min_forks, 1, kMostProfilingForks); }

std::vector<const results::Fork*> profiling_forks_of(const results::Benchmark& b, results::Profiler profiler) {
  std::vector<const results::Fork*> forks;
  for (const auto& counted : b.profiling_forks)
    if (counted.profiler == profiler && counted.fork.ok) forks.push_back(&counted.fork);
  return forks;
}

bool same_whole_number(const std::vector<double>& per_fork) {
  if (per_fork.empty()) return false;
  const double first = per_fork.front();
  // Beyond 2^53 a double holds only even numbers: whole, but no longer known to be exact.
  if (!std::isfinite(first) || std::abs(first) >= 0x1p53 || std::trunc(first) != first) return false;
  return std::all_of(per_fork.begin(), per_fork.end(), [first](double v) { return v == first; });
}

results::ProfileMetric metric_over_forks(results::Profiler profiler, std::string name, std::string unit,
                                         const std::vector<double>& per_fork) {
  results::ProfileMetric metric;
  metric.profiler = profiler;
  metric.name = std::move(name);
  metric.unit = std::move(unit);
  metric.forks = static_cast<int>(per_fork.size());
  if (per_fork.empty()) {
    metric.mean = std::numeric_limits<double>::quiet_NaN();
    return metric;
  }
  const auto ci = stats::mean_interval(per_fork);
  metric.mean = ci.mean;
  if (per_fork.size() >= 2) metric.ci = results::Interval{ci.level, ci.low, ci.high};
  metric.exact = same_whole_number(per_fork);
  // The number itself, not a sum divided back (which may be off in the last bit), and an
  // interval of no width.
  if (metric.exact) {
    metric.mean = per_fork.front();
    if (metric.ci) metric.ci->low = metric.ci->high = metric.mean;
  }
  return metric;
}

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
  constexpr auto kRusage = results::Profiler::rusage;
  return {over_forks(kRusage, forks, "minor_faults", "/op", rate(&results::Resources::minor_faults)),
          over_forks(kRusage, forks, "major_faults", "/op", rate(&results::Resources::major_faults)),
          over_forks(kRusage, forks, "voluntary_switches", "/op", rate(&results::Resources::voluntary_switches)),
          over_forks(kRusage, forks, "involuntary_switches", "/op", rate(&results::Resources::involuntary_switches)),
          over_forks(kRusage, forks, "max_rss", "KiB",
                     [](const results::Fork& f) { return static_cast<double>(f.resources.max_rss_kib); })};
}

std::vector<results::ProfileMetric> alloc_profile(const std::vector<const results::Fork*>& all) {
  std::vector<const results::Fork*> forks;
  for (const auto* fork : all)
    if (fork->allocations && fork->allocations->ops > 0) forks.push_back(fork);
  if (forks.empty()) return {};
  // Divided by the operations the counter saw, not by the fork's samples: those may lose
  // leading samples to warmup afterwards (fork_analysis), and the counts cannot.
  const auto rate = [](std::uint64_t results::Allocations::*field) {
    return [field](const results::Fork& f) {
      return static_cast<double>(*f.allocations.*field) / static_cast<double>(f.allocations->ops);
    };
  };
  constexpr auto kAlloc = results::Profiler::alloc;
  return {over_forks(kAlloc, forks, "allocations", "/op", rate(&results::Allocations::allocations)),
          over_forks(kAlloc, forks, "frees", "/op", rate(&results::Allocations::frees)),
          over_forks(kAlloc, forks, "bytes_allocated", "B/op", rate(&results::Allocations::bytes)),
          over_forks(kAlloc, forks, "peak_live_bytes", "B",
                     [](const results::Fork& f) { return static_cast<double>(f.allocations->peak_live_bytes); })};
}

}  // namespace tare::analysis
