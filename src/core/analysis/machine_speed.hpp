// How much the machine's speed moves between runs, and what that does to an interval. The
// interval over one run's forks says how well that run pinned its own moment down; a run
// a minute later on a shared machine meets another moment. The reference workload's
// readings of recent runs (system/speed_history) measure how far those moments lie apart,
// and the interval a user reads takes that in. Pure judgement.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "results/results.hpp"
#include "system/speed_history.hpp"

namespace tare::analysis {

/// Fewest runs (this one included) whose readings say how much the speed moves.
inline constexpr int kFewestRunsForSpeed = 5;
/// Readings older than this describe another day's machine.
inline constexpr std::int64_t kSpeedWindowSeconds = 24 * 3600;
/// At most this many of the newest readings count.
inline constexpr std::size_t kMostRunsForSpeed = 100;

/// The spread of the machine's speed between runs: the readings of the last
/// kSpeedWindowSeconds before `now` (at most kMostRunsForSpeed of them) and this run's
/// `reference_ns`, as the standard deviation of their logarithms (relative), readings
/// further than 3.5 scaled MADs from their median (taken beside busy neighbours) left out.
/// `relative_sd` stays unknown (-1) with fewer than kFewestRunsForSpeed readings.
results::Context::BetweenRuns between_runs(const std::vector<system::SpeedReading>& history, std::int64_t now,
                                           double reference_ns);

/// The benchmark's interval across runs: its interval over forks, widened by the
/// machine's speed between runs (a machine 2% faster makes the benchmark about 2% faster:
/// the reference workload and the benchmark move together). Absent without either.
std::optional<results::Interval> interval_across_runs(const results::Benchmark& b,
                                                      const results::Context::BetweenRuns& speed);

}  // namespace tare::analysis
