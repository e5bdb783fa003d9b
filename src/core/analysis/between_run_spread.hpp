// How far a benchmark's score moves between runs, learned from its own past runs. The
// machine's speed between runs (analysis/machine_speed) is a proxy: a reference workload
// that moves with compute-bound code, while a benchmark bound by memory, the allocator or
// the file cache moves more or less than it. A benchmark's own past scores on this machine
// say how far it moves; while they are few, the machine's speed is the prior they are
// shrunk toward (docs/statistics.md, "The benchmark's own history"). Pure judgement.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "results/results.hpp"
#include "results/store.hpp"

namespace tare::analysis {

/// Fewest past runs of a benchmark whose scores count: an outlying run can be told from
/// the rest (a median and a MAD) only among five.
inline constexpr int kFewestOwnRuns = 5;
/// At most this many of the newest past runs count: with 20 (and the prior's 4 degrees of
/// freedom) the t quantile is within 6% of the normal one; more would buy little and reach
/// further back into the machine's past.
inline constexpr std::size_t kMostOwnRuns = 20;
/// Past runs older than this describe another fortnight's machine. Long enough that a
/// benchmark run nightly gathers its five runs within a week.
inline constexpr std::int64_t kOwnWindowSeconds = 14 * 24 * 3600;
/// What the machine's speed between runs is worth as a prior on a benchmark's spread, in
/// degrees of freedom (pseudo-runs): its 95% range of a benchmark's SD is 0.6 to 2.9 times
/// the machine's, as wide as benchmarks were seen to stray from it (twice it, and about it).
inline constexpr double kMachineSpeedWorth = 4;
/// A benchmark's runs whose spread lies outside the central 90% of what the machine's speed
/// predicts for them contradict it: the prior is set aside.
inline constexpr double kMachineSpeedConflictLevel = 0.10;
/// Family-wise error of the test that sets outlying past runs aside, on runs that have none.
inline constexpr double kOutlierTestLevel = 0.01;

/// The spread between runs for a benchmark whose earlier scores are `past` (oldest first),
/// at `now` (seconds since the epoch), on a machine whose speed between runs is `speed`.
/// From the machine's speed alone (normal quantile) while fewer than kFewestOwnRuns past
/// runs lie in the window; else the benchmark's own estimate (method of moments on log
/// scores, outlying runs left out) shrunk toward the machine's, worth kMachineSpeedWorth
/// runs, with the degrees of freedom of both (Student's t); its own alone when the
/// machine's is not known or its runs contradict it. Absent when neither is known.
std::optional<results::AcrossRuns> between_run_spread(const std::vector<results::PastScore>& past, std::int64_t now,
                                                      const results::Context::BetweenRuns& speed);

/// The benchmark's interval across runs: its interval over forks widened, each side on its
/// own and in variance, by the spread between runs at the spread's quantile. Absent without
/// an interval over forks.
std::optional<results::Interval> interval_across_runs(const results::Benchmark& b, const results::AcrossRuns& spread);

}  // namespace tare::analysis
