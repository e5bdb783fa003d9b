#include "analysis/machine_speed.hpp"

#include <cmath>

#include "analysis/between_run_spread.hpp"
#include "stats/descriptive.hpp"
#include "stats/robust.hpp"

namespace tare::analysis {
namespace {

// A run beside busy neighbours reads the reference slow by their share of the CPU (three
// times slow beside two busy loops), which is not the machine's speed (its score left
// those disturbed samples out): such readings, further than 3.5 scaled MADs from the
// median (Iglewicz and Hoaglin's outliers), must not widen a day's intervals. The rest
// keep their plain standard deviation: the machine's moments are not normal (it dips for
// minutes at a time), and a robust spread alone understated them (16 of 20 runs covered).
std::vector<double> without_gross_outliers(const std::vector<double>& logs) {
  const double centre = stats::median(logs), spread = stats::mad(logs);
  if (!(spread > 0)) return logs;
  std::vector<double> kept;
  for (double l : logs)
    if (std::abs(l - centre) <= 3.5 * spread) kept.push_back(l);
  return kept;
}

}  // namespace

results::Context::BetweenRuns between_runs(const std::vector<system::SpeedReading>& history, std::int64_t now,
                                           double reference_ns) {
  std::vector<double> logs;
  for (auto it = history.rbegin(); it != history.rend() && logs.size() < kMostRunsForSpeed; ++it)
    if (it->time <= now && now - it->time <= kSpeedWindowSeconds && it->reference_ns > 0)
      logs.push_back(std::log(it->reference_ns));
  if (reference_ns > 0) logs.push_back(std::log(reference_ns));
  results::Context::BetweenRuns speed;
  speed.runs = static_cast<int>(logs.size());
  if (speed.runs >= kFewestRunsForSpeed) speed.relative_sd = std::expm1(stats::stddev(without_gross_outliers(logs)));
  return speed;
}

std::optional<results::Interval> interval_across_runs(const results::Benchmark& b,
                                                      const results::Context::BetweenRuns& speed) {
  if (speed.relative_sd < 0) return std::nullopt;
  results::AcrossRuns spread;
  spread.between_run_sd = speed.relative_sd;  // at the normal quantile: the machine's spread, taken as known
  return interval_across_runs(b, spread);
}

}  // namespace tare::analysis
