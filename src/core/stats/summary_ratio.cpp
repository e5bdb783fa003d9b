#include "stats/summary_ratio.hpp"

#include <algorithm>
#include <cmath>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"
#include "stats/log_ratio_interval.hpp"

namespace tare::stats {

namespace {

bool valid_summary_level(double level) { return level > 0.0 && level < 1.0; }

}  // namespace

bool usable(const MeanSummary& s) {
  return s.n >= 2 && std::isfinite(s.mean) && s.mean > 0.0 && std::isfinite(s.low) && std::isfinite(s.high) &&
         s.low <= s.high && valid_summary_level(s.level);
}

MeanSummary summarize(const std::vector<double>& replicate_means, double level) {
  MeanSummary s;
  s.n = replicate_means.size();
  s.level = level;
  s.mean = s.n == 0 ? kNaN : mean(replicate_means);
  s.low = s.high = kNaN;
  if (s.n < 2 || !valid_summary_level(level)) return s;
  const MeanInterval ci = mean_interval(replicate_means, level);
  s.low = ci.low;
  s.high = ci.high;
  return s;
}

double log_standard_error(const MeanSummary& s) {
  if (!usable(s)) return kNaN;
  const double t = student_t_quantile((1.0 + s.level) / 2.0, static_cast<double>(s.n - 1));
  return (s.high - s.low) / 2.0 / t / s.mean;
}

RatioInterval summary_ratio(const MeanSummary& base, const MeanSummary& candidate, double level) {
  return summary_geomean_ratio({{base, candidate}}, level);
}

bool usable(const LogRatioEstimate& e) {
  return std::isfinite(e.log_ratio) && std::isfinite(e.standard_error) && e.standard_error >= 0.0 &&
         (e.standard_error == 0.0 || e.df > 0.0);
}

namespace {

// One comparison at the summary level: its log ratio, and the two sides' standard errors
// combined, with Welch–Satterthwaite's degrees of freedom (so that a mean over comparisons
// gets the same degrees of freedom as over the 2k sides).
LogRatioEstimate summary_log_ratio(const MeanSummary& base, const MeanSummary& candidate) {
  return welch_log_ratio(log_side(base), log_side(candidate));
}

}  // namespace

RatioInterval summary_geomean_ratio(const std::vector<std::pair<MeanSummary, MeanSummary>>& comparisons,
                                    double level) {
  std::vector<LogRatioEstimate> parts;
  for (const auto& [base, candidate] : comparisons) {
    if (!usable(base) || !usable(candidate)) return not_computed_ratio(level);
    parts.push_back(summary_log_ratio(base, candidate));
  }
  return geomean_of_log_ratios(parts, level);
}

LogRatioEstimate mean_log_ratio(const std::vector<double>& log_ratios) {
  const std::size_t n = log_ratios.size();
  const bool finite = std::all_of(log_ratios.begin(), log_ratios.end(), [](double x) { return std::isfinite(x); });
  if (n < 2 || !finite) return {kNaN, kNaN, kNaN};
  return {mean(log_ratios), std::sqrt(variance(log_ratios) / static_cast<double>(n)), static_cast<double>(n - 1)};
}

LogRatioEstimate mean_of_log_ratios(const std::vector<LogRatioEstimate>& comparisons) {
  if (comparisons.empty()) return {kNaN, kNaN, kNaN};
  double log_sum = 0.0;
  double variance_sum = 0.0;       // of the sum of the log ratios
  double satterthwaite_sum = 0.0;  // sum of variance^2 / df over the parts
  for (const LogRatioEstimate& part : comparisons) {
    if (!usable(part)) return {kNaN, kNaN, kNaN};
    const double variance = part.standard_error * part.standard_error;
    log_sum += part.log_ratio;
    variance_sum += variance;
    if (variance > 0.0) satterthwaite_sum += variance * variance / part.df;
  }
  const auto k = static_cast<double>(comparisons.size());
  // The 1/k^2 of the mean's variance cancels between numerator and denominator.
  const double df = variance_sum > 0.0 ? variance_sum * variance_sum / satterthwaite_sum : 1.0;
  return {log_sum / k, std::sqrt(variance_sum) / k, df};
}

RatioInterval geomean_of_log_ratios(const std::vector<LogRatioEstimate>& comparisons, double level) {
  return log_ratio_interval(mean_of_log_ratios(comparisons), 0.0, level);
}

}  // namespace tare::stats
