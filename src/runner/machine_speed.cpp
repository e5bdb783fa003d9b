#include "runner/machine_speed.hpp"

#include <cmath>

#include "stats/robust.hpp"

namespace tare::runner {

results::Context::BetweenRuns between_runs(const std::vector<system::SpeedReading>& history, std::int64_t now,
                                           double reference_ns) {
  std::vector<double> logs;
  for (auto it = history.rbegin(); it != history.rend() && logs.size() < kMostRunsForSpeed; ++it)
    if (it->time <= now && now - it->time <= kSpeedWindowSeconds && it->reference_ns > 0)
      logs.push_back(std::log(it->reference_ns));
  if (reference_ns > 0) logs.push_back(std::log(reference_ns));
  results::Context::BetweenRuns speed;
  speed.runs = static_cast<int>(logs.size());
  // A robust spread (the scaled MAD): a run beside busy neighbours reads the reference
  // slow by their share of the CPU (three times slow beside two busy loops), which is not
  // the machine's speed, and its score left those disturbed samples out; one such run must
  // not widen every interval of the day.
  if (speed.runs >= kFewestRunsForSpeed) speed.relative_sd = std::expm1(stats::mad(logs));
  return speed;
}

std::optional<results::Interval> interval_across_runs(const results::Benchmark& b,
                                                      const results::Context::BetweenRuns& speed) {
  if (!b.ci || !b.score || speed.relative_sd < 0) return std::nullopt;
  // Two independent sources of error add in variance: the run's own (its interval's
  // half-width) and the moment it ran at (the normal 95% quantile of the speed's spread).
  // Each side widens on its own: a bootstrap interval need not be symmetric.
  const double moment = 1.959964 * std::abs(*b.score) * speed.relative_sd;
  return results::Interval{b.ci->level, *b.score - std::hypot(*b.score - b.ci->low, moment),
                           *b.score + std::hypot(b.ci->high - *b.score, moment)};
}

}  // namespace tare::runner
