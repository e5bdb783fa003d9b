#include "stats/log_ratio_interval.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

#include "stats/descriptive.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {

namespace {

using detail::QuietPolicy;
using StudentT = boost::math::students_t_distribution<double, QuietPolicy>;
using Normal = boost::math::normal_distribution<double, QuietPolicy>;

// One interval's half-width on the log scale for a two-sided error rate `alpha`: an
// estimated error (Student's t at df) and a known one (normal), each at its own quantile,
// added in variance. The complements keep the quantiles exact for tiny alpha, where
// 1 - alpha / 2 rounds to 1.
struct HalfWidth {
  double se, df, extra_sd;

  double operator()(double alpha) const {
    using boost::math::complement;
    const double t = se > 0.0 ? boost::math::quantile(complement(StudentT(df), alpha / 2.0)) * se : 0.0;
    const double z = extra_sd > 0.0 ? boost::math::quantile(complement(Normal(), alpha / 2.0)) * extra_sd : 0.0;
    return std::hypot(t, z);
  }
};

// The two-sided error rate at which the interval just reaches a log ratio `distance` away
// (> 0). Each error alone reaches it at its own p-value (t test, z test); together the
// half-width is wider at every rate, so the answer lies between the larger of those and 1,
// where the half-width is 0. The half-width falls as the rate grows: bisect, on log(rate)
// since p-values span hundreds of orders of magnitude.
double p_value_at(const HalfWidth& half, double distance) {
  using boost::math::complement;
  const double p_t = half.se > 0.0 ? 2.0 * boost::math::cdf(complement(StudentT(half.df), distance / half.se)) : 0.0;
  const double p_z = half.extra_sd > 0.0 ? 2.0 * boost::math::cdf(complement(Normal(), distance / half.extra_sd)) : 0.0;
  if (half.extra_sd == 0.0) return std::min(1.0, p_t);
  if (half.se == 0.0) return std::min(1.0, p_z);
  double lo = std::log(std::max({p_t, p_z, 1e-300})), hi = 0.0;  // half(e^lo) >= distance > half(e^hi) = 0
  for (int i = 0; i < 200 && hi - lo > 1e-12; ++i) {
    const double mid = (lo + hi) / 2.0;
    (half(std::exp(mid)) >= distance ? lo : hi) = mid;
  }
  return std::exp(lo);
}

// exp(log_ratio) with, at every level, the widest of the `parts`' intervals around it; the
// p-value is the largest of theirs (the widest interval excludes 1 exactly when all do).
RatioInterval widest_interval(double log_ratio, std::span<const HalfWidth> parts, double level) {
  RatioInterval r;
  r.level = level;
  r.estimate = r.low = r.high = std::exp(log_ratio);
  double width = 0.0, p = 0.0;
  for (const HalfWidth& half : parts) {
    width = std::max(width, half(1.0 - level));
    if (log_ratio != 0.0) p = std::max(p, p_value_at(half, std::abs(log_ratio)));
  }
  if (width == 0.0) {  // no spread anywhere: the limit
    r.p_value = log_ratio == 0.0 ? 1.0 : 0.0;
    return r;
  }
  r.low = std::exp(log_ratio - width);
  r.high = std::exp(log_ratio + width);
  r.p_value = log_ratio == 0.0 ? 1.0 : p;
  return r;
}

bool usable_extra(double variance) { return variance >= 0.0 && std::isfinite(variance); }

bool usable_side(const LogSide& s) {
  return usable(LogRatioEstimate{s.log_mean, s.standard_error, s.df}) && usable_extra(s.extra_variance);
}

bool is_computed(const RatioInterval& r) { return !(r.bounded && std::isnan(r.p_value)); }

}  // namespace

LogSide log_side(std::span<const double> fork_means, double extra_variance) {
  std::vector<double> logs;
  for (double m : fork_means) {
    if (!(m > 0.0) || !std::isfinite(m)) return {kNaN, kNaN, kNaN, extra_variance};  // no log scale
    logs.push_back(std::log(m));
  }
  if (logs.size() < 2) return {kNaN, kNaN, kNaN, extra_variance};
  const auto n = static_cast<double>(logs.size());
  return {mean(logs), std::sqrt(variance(logs) / n), n - 1.0, extra_variance};
}

LogSide log_side(const MeanSummary& summary, double extra_variance) {
  if (!usable(summary)) return {kNaN, kNaN, kNaN, extra_variance};
  return {std::log(summary.mean), log_standard_error(summary), static_cast<double>(summary.n - 1), extra_variance};
}

LogRatioEstimate welch_log_ratio(const LogSide& base, const LogSide& candidate) {
  const double vb = base.standard_error * base.standard_error;
  const double vn = candidate.standard_error * candidate.standard_error;
  LogRatioEstimate e;
  e.log_ratio = candidate.log_mean - base.log_mean;
  e.standard_error = std::sqrt(vb + vn);
  // Without spread the degrees of freedom are 0/0; no interval needs them then.
  e.df = vb + vn > 0.0 ? (vb + vn) * (vb + vn) / (vb * vb / base.df + vn * vn / candidate.df) : base.df + candidate.df;
  return e;
}

RatioInterval log_ratio_interval(const LogRatioEstimate& e, double extra_log_variance, double level) {
  if (!usable(e) || !usable_extra(extra_log_variance) || !(level > 0.0 && level < 1.0)) return not_computed_ratio(level);
  const HalfWidth parts[] = {{e.standard_error, e.df, std::sqrt(extra_log_variance)}};
  return widest_interval(e.log_ratio, parts, level);
}

RatioInterval sides_ratio_interval(const LogSide& base, const LogSide& candidate, double level) {
  if (!usable_side(base) || !usable_side(candidate) || !(level > 0.0 && level < 1.0)) return not_computed_ratio(level);
  const LogRatioEstimate welch = welch_log_ratio(base, candidate);
  const HalfWidth parts[] = {
      {welch.standard_error, welch.df, std::sqrt(base.extra_variance + candidate.extra_variance)},
      {base.standard_error, base.df, std::sqrt(base.extra_variance)},
      {candidate.standard_error, candidate.df, std::sqrt(candidate.extra_variance)}};
  return widest_interval(welch.log_ratio, parts, level);
}

RatioInterval wider_interval(const RatioInterval& primary, const RatioInterval& floor) {
  if (std::isnan(floor.estimate)) return primary;
  RatioInterval r = primary;
  if (!is_computed(primary)) {
    r.low = floor.low;
    r.high = floor.high;
    r.p_value = floor.p_value;
    r.bounded = floor.bounded;
    if (std::isnan(r.estimate)) r.estimate = floor.estimate;
    return r;
  }
  r.low = std::min(primary.low, floor.low);
  r.high = std::max(primary.high, floor.high);
  r.bounded = primary.bounded && floor.bounded;
  r.p_value = std::max(primary.p_value, floor.p_value);
  return r;
}

}  // namespace tare::stats
