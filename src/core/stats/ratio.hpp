#pragma once

// Comparing two benchmark runs (Kalibera & Jones): the ratio new / base of the mean time,
// with a confidence interval and a p-value for "no change". As everywhere in tare the fork
// (process) is the unit of replication: a mean is the mean of the fork means, and the
// spread that matters is that between forks.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace tare::stats {

struct RatioInterval {
  double estimate = 0;       // mean(new) / mean(base), means of fork means
  double low = 0, high = 0;  // ±infinity when unbounded
  double level = 0.95;
  double p_value = 1;  // two-sided, for "ratio = 1"; NaN when not computed
  // false when the base mean is not resolved: Fieller's g >= 1, or for the bootstraps a
  // replicate whose denominator is 0 or changes sign (impossible for positive times).
  bool bounded = true;
  std::size_t resamples = 0;  // bootstrap only; 0 when the interval was not computed
};

// An interval that could not be computed (bad input): estimate, ends and p-value NaN,
// unbounded, at `level`. Inline, so that what only declines to compute needs no more.
inline RatioInterval not_computed_ratio(double level) {
  RatioInterval r;
  r.level = level;
  r.estimate = r.low = r.high = r.p_value = std::numeric_limits<double>::quiet_NaN();
  r.bounded = false;
  return r;
}

// Fieller's interval for the ratio of two independent means, from fork means alone (one
// value per fork, >= 2 on each side, all finite; level in (0, 1)). t is Student's at
// (1 + level) / 2 with Welch–Satterthwaite degrees of freedom, and p_value is
// welch_p_value's, so p_value < 1 - level exactly when 1 lies outside a bounded interval.
// Invalid input: estimate, low, high and p_value are NaN and bounded is false. A base
// mean of 0: estimate NaN, unbounded, p_value still computed. No spread on either side:
// low = high = estimate.
RatioInterval fieller_ratio(std::span<const double> base_fork_means,
                            std::span<const double> new_fork_means, double level = 0.95);

// Hierarchical bootstrap of the ratio: each replicate resamples base and then candidate
// with hierarchical_resample (forks, then samples or circular blocks of block_length),
// from one generator seeded with `seed`, and divides the means of fork means. Percentile
// interval as in bootstrap.hpp. The estimate is the ratio on the original data.
// p_value: 2 min(#(new_b <= base_b), #(new_b >= base_b)) / B clamped to [1/B, 1], i.e.
// the percentile test of ratio_b against 1 written as a difference, so that it stays
// meaningful when the denominator is not resolved. 1/B is a floor, not an estimate: B
// replicates cannot tell smaller p-values apart. Both are read off the same replicates:
// when 1 lies outside the interval, p_value <= 1 - level.
// Not computed (resamples = 0, low = high = estimate, p_value NaN) when a side has fewer
// than 2 non-empty forks or a non-finite value, resamples = 0 or level is outside (0, 1).
RatioInterval bootstrap_ratio(const std::vector<std::vector<double>>& base,
                              const std::vector<std::vector<double>>& candidate,
                              std::size_t resamples = 2000, double level = 0.95,
                              std::uint64_t seed = 1, std::size_t block_length = 1);

struct Comparison {
  std::vector<std::vector<double>> base, candidate;
  std::size_t block_length = 1;
};

// Geometric mean of the per-comparison ratios (a suite summary that treats a 10% speed-up
// and a 10% slow-down symmetrically) with a bootstrap CI: replicate b resamples every
// comparison once, base then candidate, in order, and takes the geometric mean of those
// ratios. One comparison gives bootstrap_ratio's interval. p_value as bootstrap_ratio's,
// on the sign of the log geometric mean. Estimate NaN (not computed) for no comparisons
// or a per-comparison ratio that is not positive and finite; otherwise not computed under
// bootstrap_ratio's conditions for any comparison. A replicate ratio that is not positive
// and finite leaves the interval unbounded with p_value NaN.
RatioInterval geomean_ratio(const std::vector<Comparison>& comparisons,
                            std::size_t resamples = 2000, double level = 0.95,
                            std::uint64_t seed = 1);

// The paired design (`tare ab`): one log-ratio ln(new / base) per pair of processes that
// ran side by side in lock-step, so that whatever the machine did hit both alike. The
// pair is the unit: Student-t interval of the mean log-ratio over pairs, exponentiated
// (estimate = the geometric mean of the pair ratios); p_value from the one-sample t-test
// of "mean log-ratio = 0". Needs >= 2 finite values; otherwise NaN, unbounded.
RatioInterval paired_ratio(std::span<const double> pair_log_ratios, double level = 0.95);

// The ratio interval with a further source of variation folded in: `extra_log_variance`
// (>= 0) is a variance of ln(ratio) that the interval did not see (e.g. the machine's speed
// from one run to the next, when the two sides were recorded at different times). Each
// side's half-width on the log scale, read as 1.96 standard errors (at r.level), is
// combined with it in quadrature; the p-value is the two-sided normal one of ln(estimate)
// over the combined standard error. Unbounded or not computed intervals come back as they
// are.
RatioInterval widen_ratio(const RatioInterval& r, double extra_log_variance);

// Welch's two-sided p-value for equal means (unequal variances, Welch–Satterthwaite df).
// Feed it fork means. NaN when undefined: fewer than 2 values on a side or a non-finite
// value. No spread on either side: 1 when the means are equal, else 0 (the limit).
double welch_p_value(std::span<const double> a, std::span<const double> b);

}  // namespace tare::stats
