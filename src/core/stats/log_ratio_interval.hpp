#pragma once

// The Student-t side of the ratio of two runs' means (`tare compare`). The fork is the unit
// of evidence: with 3 forks a side, a percentile bootstrap over forks has 10 distinct
// resamples per side, no t quantile and a variance (n - 1) / n too small, and its interval
// comes out far narrower than either side's own t interval. The functions here give the
// interval the two sides' own uncertainties allow: each side as the log of its mean with a
// standard error over its replicates (and the variance its run took from the machine's
// speed), the two joined by Welch's t and never narrower than either side's own interval;
// and they join it with another interval of the same ratio, so that a ratio's interval is
// never narrower than it.

#include <span>

#include "stats/ratio.hpp"
#include "stats/summary_ratio.hpp"

namespace tare::stats {

// One side of a ratio on the log scale: the log of its mean, that log's standard error over
// its replicates (forks) and their degrees of freedom, and a variance of the log that the
// replicates cannot see and that is known rather than estimated from them (the machine's
// speed at the moment the run was taken, from its speed history; 0: none known).
struct LogSide {
  double log_mean = 0;
  double standard_error = 0;
  double df = 0;
  double extra_variance = 0;
};

// A side from one value per fork (fork means, all positive and finite, at least 2): the
// mean of their logs, SD / sqrt(n), n - 1 degrees of freedom. On the log scale because the
// question is a ratio, and fork means are skewed upwards (a disturbed process is slower,
// never faster by as much). Otherwise log_mean, standard_error and df are NaN.
LogSide log_side(std::span<const double> fork_means, double extra_variance = 0.0);

// A side from a mean and its stated interval (summary_ratio.hpp): ln(mean),
// log_standard_error, n - 1 degrees of freedom; NaN when the summary is not usable.
LogSide log_side(const MeanSummary& summary, double extra_variance = 0.0);

// ln(new / base) as an estimate: the difference of the sides' log means, SE
// sqrt(se_base^2 + se_new^2), Welch–Satterthwaite degrees of freedom; the sides' extra
// variances left out. NaN when a side is.
LogRatioEstimate welch_log_ratio(const LogSide& base, const LogSide& candidate);

// exp(e.log_ratio) with an interval at `level` that also holds `extra_log_variance` (>= 0),
// a variance of the log ratio that e does not contain and that is known. Half-width on the
// log scale sqrt((t SE)^2 + (z sqrt(extra))^2), t Student's at e.df and z the normal
// quantile, both at (1 + level) / 2: each error at its own half-width, added in variance,
// as a run widens its own interval across runs (analysis/machine_speed).
// p_value inverts the same construction: the 1 - L at which the interval at level L just
// reaches 1, so p_value < 1 - L exactly when the interval at L excludes 1, at every L (what
// Holm's adjustment compares at levels other than 95%). No spread and no extra: low = high =
// estimate, p_value 1 for a log ratio of 0, else 0. An estimate that is not usable, a
// negative or NaN extra, or level outside (0, 1): estimate, low, high and p_value NaN,
// bounded false. resamples is 0.
RatioInterval log_ratio_interval(const LogRatioEstimate& e, double extra_log_variance = 0.0, double level = 0.95);

// The ratio new / base of two sides, at `level`: at every level the widest of three
// intervals around exp(welch_log_ratio), each as log_ratio_interval makes it:
// - Welch's, holding both sides' extra variances;
// - each side's own: its standard error at its own degrees of freedom, with its own extra.
// The ratio cannot be surer than either side: were the other side known exactly, its
// interval would be this side's own. Welch's degrees of freedom can break that (3 forks
// against 10 alike: Welch's interval is 0.80 of the 3-fork side's own, and covers 93.4% of
// true ratios in simulation); the sides' own intervals restore it (95.3%). The price is a
// little width where Welch's was honest: 3 forks a side, 98.0% instead of 96.5%; from 5 forks
// a side, nothing. The p-value is the largest of the three, and so inverts the widest at
// every level. A side not usable or level outside (0, 1): NaN, as log_ratio_interval.
RatioInterval sides_ratio_interval(const LogSide& base, const LogSide& candidate, double level = 0.95);

// Two intervals of one ratio joined, so that neither can be narrower than the other allows:
// `primary`'s estimate, level and resamples, the lower of the two lows and the higher of the
// two highs, bounded only when both are, and the larger p-value, which inverts the union
// (the union at level L excludes 1 exactly when both do). A `floor` not computed (estimate
// NaN) leaves `primary` as it is; a `primary` not computed (p_value NaN while bounded, e.g.
// no resamples) gives `floor`'s interval and p-value under `primary`'s estimate when it has
// one.
RatioInterval wider_interval(const RatioInterval& primary, const RatioInterval& floor);

}  // namespace tare::stats
