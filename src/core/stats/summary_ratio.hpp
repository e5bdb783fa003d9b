#pragma once

// Comparing two means that are known only as a results file states them: a mean and its
// Student-t confidence interval over n independent replicates (tare::gbench writes tare's
// interval over worker processes beside Google Benchmark's real_time). Without the
// replicates there is nothing to resample; the interval itself gives each side's standard
// error, and the two combine on the log scale (Kalibera & Jones: the ratio and its interval).

#include <cstddef>
#include <utility>
#include <vector>

#include "stats/ratio.hpp"

namespace tare::stats {

// A mean with its two-sided Student-t interval at `level` over n replicates (n - 1 degrees
// of freedom). The interval's half-width is what counts: (high - low) / 2 = t * SE.
struct MeanSummary {
  double mean = 0;
  double low = 0, high = 0;
  double level = 0.95;
  std::size_t n = 0;
};

// Whether a summary can take part in a ratio: n >= 2, a positive finite mean, finite
// bounds with low <= high, level in (0, 1).
bool usable(const MeanSummary& s);

// The summary of replicate values (one per fork): their mean and Student-t interval at
// `level`. With fewer than 2 values the bounds are NaN (not usable).
MeanSummary summarize(const std::vector<double>& replicate_means, double level = 0.95);

// The standard error of ln(mean) that a summary states, by the delta method:
// (high - low) / 2 / t((1 + level) / 2, n - 1) / mean. NaN when not usable.
double log_standard_error(const MeanSummary& s);

// The ratio candidate.mean / base.mean with an interval at `level`, on the log scale:
// ln ratio = ln(mean_new) - ln(mean_base), SE = sqrt(se_base^2 + se_new^2) from
// log_standard_error, degrees of freedom by Welch–Satterthwaite
// (SE^4 / (se_base^4 / (n_base - 1) + se_new^4 / (n_new - 1))), interval
// exp(ln ratio -/+ t((1 + level) / 2, df) SE), p_value the two-sided t-test of "ratio = 1"
// at the same df (so p_value < 1 - level exactly when 1 lies outside the interval).
// No spread on either side: low = high = estimate, p_value 1 for equal means, else 0.
// Either side not usable, or level outside (0, 1): estimate, low, high and p_value NaN,
// bounded false. resamples is 0 (nothing is resampled).
RatioInterval summary_ratio(const MeanSummary& base, const MeanSummary& candidate, double level = 0.95);

// The geometric mean of the ratios of k comparisons (base, candidate), each as in
// summary_ratio, with an interval on the same terms: ln G = mean of the log ratios,
// SE = sqrt(sum of the 2k squared standard errors) / k, Welch–Satterthwaite degrees of
// freedom over the 2k sides. NaN (as summary_ratio) for no comparisons or any side not
// usable.
RatioInterval summary_geomean_ratio(const std::vector<std::pair<MeanSummary, MeanSummary>>& comparisons,
                                    double level = 0.95);

// One comparison's ln(new / base) as an estimate with its standard error and degrees of
// freedom: a mean of n log-ratios (SE = sd / sqrt(n), df = n - 1), or summary_ratio's two
// sides combined (Welch–Satterthwaite).
struct LogRatioEstimate {
  double log_ratio = 0;
  double standard_error = 0;
  double df = 0;
};

// Whether an estimate can make an interval: a finite log ratio and standard error >= 0, and
// df > 0 when there is a spread.
bool usable(const LogRatioEstimate& e);

// The mean of n log-ratios (one per replicate, e.g. a pair of processes) as an estimate.
// Fewer than 2 values or a non-finite one: NaN.
LogRatioEstimate mean_log_ratio(const std::vector<double>& log_ratios);

// The mean of k independent comparisons' log ratios as an estimate: SE = sqrt(sum of the
// squared standard errors) / k, Welch–Satterthwaite degrees of freedom (sum se^2)^2 /
// sum(se^4 / df) (any value when no part has a spread). No comparisons, a non-finite or
// negative part, or a df <= 0 with a spread: NaN.
LogRatioEstimate mean_of_log_ratios(const std::vector<LogRatioEstimate>& comparisons);

// The geometric mean of k independent comparisons' ratios: ln G = mean of the log ratios,
// SE = sqrt(sum of the squared standard errors) / k, Welch–Satterthwaite degrees of freedom
// (sum se^2)^2 / sum(se^4 / df); interval exp(ln G -/+ t SE) at `level`, p_value the
// two-sided t-test of "G = 1". summary_geomean_ratio is this over its comparisons. No spread
// anywhere: low = high = estimate, p_value 1 for G = 1, else 0. No comparisons, a non-finite
// or negative part, a df <= 0 with a spread, or level outside (0, 1): NaN, bounded false.
RatioInterval geomean_of_log_ratios(const std::vector<LogRatioEstimate>& comparisons, double level = 0.95);

}  // namespace tare::stats
