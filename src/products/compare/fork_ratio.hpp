// `tare compare`'s interval for a ratio compared from its forks (and samples). The
// hierarchical bootstrap alone names directions that are not there when forks are few: with
// 3 forks a side it has 10 distinct resamples per side, no t quantile and a variance
// (n - 1) / n too small, and a base run that was ±30% by its own interval gave a ratio
// interval of ±12%. So the interval is the wider of two, each widened by the machine's speed
// between runs: the bootstrap's, and the Student-t interval of the forks' log means the two
// sides' own uncertainties allow (Welch's, never narrower than either side's own:
// stats::sides_ratio_interval). The forks are the unit of evidence. With few forks the t
// interval is the wider; with many the two agree, and the bootstrap keeps what it sees
// beyond a normal law.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "stats/ratio.hpp"
#include "stats/summary_ratio.hpp"

namespace tare::compare {

/// The variance of ln(score) each side's run took from the machine's speed at the moment it
/// ran (the square of its Context::between_runs.relative_sd; 0: unknown).
struct RunVariances {
  double base = 0, candidate = 0;
};

/// ln(new / base) of one comparison from its forks' means, by Welch's t on their logs
/// (stats::welch_log_ratio), the machine's speed left out.
stats::LogRatioEstimate fork_log_ratio(const stats::Comparison& comparison);

/// The ratio NEW/BASE of one comparison at 95%: stats::bootstrap_ratio (`resamples`, `seed`)
/// widened by both sides' `machine` variances, and stats::sides_ratio_interval of the forks'
/// log means, each side with its own; joined by stats::wider_interval. The estimate is the
/// ratio of the scores; the p-value the larger of the two, so that it is below 5% exactly
/// when the interval excludes 1.
stats::RatioInterval fork_ratio(const stats::Comparison& comparison, std::size_t resamples, std::uint64_t seed,
                                RunVariances machine);

/// The suite's geometric mean of the comparisons' ratios: the wider of the bootstrap's
/// (stats::geomean_ratio) and the t interval of the mean of their fork_log_ratios, each
/// holding `between_runs_variance` (both sides' machine variances) whole: the machine moves
/// every benchmark at once, so it does not average out over them.
stats::RatioInterval fork_geomean(const std::vector<stats::Comparison>& comparisons, std::size_t resamples,
                                  std::uint64_t seed, double between_runs_variance);

}  // namespace tare::compare
