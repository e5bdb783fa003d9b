#include "stats/ratio.hpp"

#include <algorithm>
#include <tuple>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "stats/bootstrap.hpp"
#include "stats/descriptive.hpp"
#include "stats/interval.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {

namespace {

using Forks = std::vector<std::vector<double>>;
using detail::QuietPolicy;


bool valid_level(double level) { return level > 0.0 && level < 1.0; }

// Mean of the fork means, empty forks ignored (as hierarchical_resample ignores them);
// NaN when no fork has a value.
double grand_mean(const Forks& forks) {
  double sum = 0.0;
  std::size_t n = 0;
  for (const auto& f : forks) {
    if (f.empty()) continue;
    sum += mean(f);
    ++n;
  }
  return n == 0 ? kNaN : sum / static_cast<double>(n);
}

// What the hierarchical bootstrap needs from one side: two forks to draw from, and only
// finite values (one NaN would poison the sort of the replicates).
bool resamplable(const Forks& forks) {
  std::size_t n = 0;
  for (const auto& f : forks) {
    if (!all_finite(f)) return false;
    if (!f.empty()) ++n;
  }
  return n >= 2;
}

// A replicate denominator on the same side of 0 as the original: otherwise the ratio's
// replicates straddle a pole and no percentile of them means anything.
bool same_strict_sign(double a, double b) { return (a > 0.0 && b > 0.0) || (a < 0.0 && b < 0.0); }

void make_unbounded(RatioInterval& r) {
  r.bounded = false;
  r.low = -kInf;
  r.high = kInf;
}

void percentile_interval(std::vector<double>& replicates, RatioInterval& r) {
  std::tie(r.low, r.high) = percentile_bounds(replicates, r.level);
}

// Two-sided percentile p-value from replicates of a statistic that is 0 under "no
// change": twice the smaller tail, ties counting on both sides, clamped to [1/B, 1].
double percentile_p_value(std::span<const double> centred) {
  std::size_t at_most = 0, at_least = 0;
  for (double d : centred) {
    if (d <= 0.0) ++at_most;
    if (d >= 0.0) ++at_least;
  }
  const auto b = static_cast<double>(centred.size());
  return std::clamp(2.0 * static_cast<double>(std::min(at_most, at_least)) / b, 1.0 / b, 1.0);
}

}  // namespace

double welch_p_value(std::span<const double> a, std::span<const double> b) {
  if (a.size() < 2 || b.size() < 2 || !all_finite(a) || !all_finite(b)) return kNaN;
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double va = variance(a) / na, vb = variance(b) / nb;
  const double difference = std::abs(mean(b) - mean(a));
  // Without spread the t statistic is 0/0 or infinite: take the limit, so deterministic
  // counters (identical in every fork) still compare.
  if (va + vb == 0.0) return difference == 0.0 ? 1.0 : 0.0;
  const double df = (va + vb) * (va + vb) / (va * va / (na - 1.0) + vb * vb / (nb - 1.0));
  const boost::math::students_t_distribution<double, QuietPolicy> dist(df);
  const double t = difference / std::sqrt(va + vb);
  return std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(dist, t)));
}

RatioInterval fieller_ratio(std::span<const double> base_fork_means,
                            std::span<const double> new_fork_means, double level) {
  RatioInterval r;
  r.level = level;
  const std::span<const double> base = base_fork_means, next = new_fork_means;
  if (base.size() < 2 || next.size() < 2 || !all_finite(base) || !all_finite(next) ||
      !valid_level(level)) {
    r.estimate = r.low = r.high = r.p_value = kNaN;
    r.bounded = false;
    return r;
  }
  const double rb = static_cast<double>(base.size()), rn = static_cast<double>(next.size());
  const double mb = mean(base), mn = mean(next);
  const double vb = variance(base) / rb, vn = variance(next) / rn;
  r.p_value = welch_p_value(base, next);
  if (mb == 0.0) {
    r.estimate = kNaN;
    make_unbounded(r);
    return r;
  }
  const double theta = mn / mb;
  r.estimate = r.low = r.high = theta;
  if (vb + vn == 0.0) return r;
  const double df = (vb + vn) * (vb + vn) / (vb * vb / (rb - 1.0) + vn * vn / (rn - 1.0));
  const double t = student_t_quantile((1.0 + level) / 2.0, df);
  // g is the denominator's squared relative half-width: g >= 1 means its interval holds
  // 0, and the set of ratios consistent with the data is no longer an interval.
  const double g = t * t * vb / (mb * mb);
  if (!(g < 1.0)) {
    make_unbounded(r);
    return r;
  }
  // |mb|, not mb: for a negative base mean the ± only swaps the two ends.
  const double half = t / std::abs(mb) * std::sqrt(vn * (1.0 - g) + theta * theta * vb);
  r.low = (theta - half) / (1.0 - g);
  r.high = (theta + half) / (1.0 - g);
  return r;
}

RatioInterval bootstrap_ratio(const Forks& base, const Forks& candidate, std::size_t resamples,
                              double level, std::uint64_t seed, std::size_t block_length) {
  RatioInterval r;
  r.level = level;
  const double mb = grand_mean(base), mn = grand_mean(candidate);
  r.estimate = mb == 0.0 ? kNaN : mn / mb;
  r.low = r.high = r.estimate;
  r.p_value = kNaN;
  if (!resamplable(base) || !resamplable(candidate) || resamples == 0 || !valid_level(level)) {
    return r;
  }
  std::mt19937_64 rng(seed);
  Forks base_out, candidate_out;
  std::vector<double> ratios(resamples), differences(resamples);
  bool resolved = true;
  for (std::size_t b = 0; b < resamples; ++b) {
    hierarchical_resample(base, block_length, rng, base_out);
    hierarchical_resample(candidate, block_length, rng, candidate_out);
    const double rep_base = grand_mean(base_out), rep_new = grand_mean(candidate_out);
    ratios[b] = rep_new / rep_base;
    differences[b] = rep_new - rep_base;
    resolved = resolved && same_strict_sign(rep_base, mb) && std::isfinite(ratios[b]);
  }
  r.resamples = resamples;
  r.p_value = percentile_p_value(differences);
  if (!resolved) {
    make_unbounded(r);
    return r;
  }
  percentile_interval(ratios, r);
  return r;
}

namespace {

bool positive_and_finite(double x) { return x > 0.0 && std::isfinite(x); }

// The mean log ratio of one bootstrap replicate per resample; `resolved` turns false when a
// replicate ratio is not positive (its log, and so the interval, would mean nothing).
std::vector<double> resampled_mean_log_ratios(const std::vector<Comparison>& comparisons, std::size_t resamples,
                                              std::uint64_t seed, bool& resolved) {
  const auto k = static_cast<double>(comparisons.size());
  std::mt19937_64 rng(seed);
  Forks base_out, candidate_out;
  std::vector<double> log_means(resamples);
  resolved = true;
  for (double& log_mean : log_means) {
    double sum = 0.0;
    for (const Comparison& c : comparisons) {
      hierarchical_resample(c.base, c.block_length, rng, base_out);
      hierarchical_resample(c.candidate, c.block_length, rng, candidate_out);
      const double ratio = grand_mean(candidate_out) / grand_mean(base_out);
      if (positive_and_finite(ratio)) {
        sum += std::log(ratio);
      } else {
        resolved = false;
      }
    }
    log_mean = sum / k;
  }
  return log_means;
}

}  // namespace

RatioInterval geomean_ratio(const std::vector<Comparison>& comparisons, std::size_t resamples,
                            double level, std::uint64_t seed) {
  RatioInterval r;
  r.level = level;
  r.p_value = kNaN;
  // Logs, so the geometric mean of many ratios neither overflows nor underflows.
  double log_sum = 0.0;
  bool defined = !comparisons.empty();
  bool can_resample = resamples > 0 && valid_level(level);
  for (const Comparison& c : comparisons) {
    const double ratio = grand_mean(c.candidate) / grand_mean(c.base);
    defined = defined && positive_and_finite(ratio);
    if (defined) log_sum += std::log(ratio);
    can_resample = can_resample && resamplable(c.base) && resamplable(c.candidate);
  }
  const auto k = static_cast<double>(comparisons.size());
  r.estimate = defined ? std::exp(log_sum / k) : kNaN;
  r.low = r.high = r.estimate;
  if (!defined || !can_resample) return r;

  bool resolved = true;
  std::vector<double> log_means = resampled_mean_log_ratios(comparisons, resamples, seed, resolved);
  r.resamples = resamples;
  if (!resolved) {
    make_unbounded(r);
    return r;
  }
  r.p_value = percentile_p_value(log_means);
  // exp is increasing, so the percentiles of the logs give those of the geometric means.
  percentile_interval(log_means, r);
  r.low = std::exp(r.low);
  r.high = std::exp(r.high);
  return r;
}

RatioInterval paired_ratio(std::span<const double> pair_log_ratios, double level) {
  RatioInterval r;
  r.level = level;
  const std::size_t n = pair_log_ratios.size();
  const bool finite = std::all_of(pair_log_ratios.begin(), pair_log_ratios.end(),
                                  [](double x) { return std::isfinite(x); });
  if (n < 2 || !finite || !(level > 0.0 && level < 1.0)) {
    r.estimate = r.low = r.high = r.p_value = kNaN;
    r.bounded = false;
    return r;
  }
  const double m = mean(pair_log_ratios);
  const double se = std::sqrt(variance(pair_log_ratios) / static_cast<double>(n));
  const double df = static_cast<double>(n - 1);
  const double t = student_t_quantile(0.5 + level / 2.0, df);
  r.estimate = std::exp(m);
  r.low = std::exp(m - t * se);
  r.high = std::exp(m + t * se);
  if (se == 0.0) {
    r.p_value = m == 0.0 ? 1.0 : 0.0;  // no spread: the limit
  } else {
    const boost::math::students_t_distribution<double, QuietPolicy> dist(df);
    r.p_value = 2.0 * boost::math::cdf(boost::math::complement(dist, std::abs(m) / se));
  }
  return r;
}

RatioInterval widen_ratio(const RatioInterval& r, double extra_log_variance) {
  if (!r.bounded || !(r.estimate > 0) || !(r.low > 0) || !(r.high > 0) || !(extra_log_variance > 0)) return r;
  const boost::math::normal_distribution<double, QuietPolicy> normal;
  const double z = boost::math::quantile(normal, 0.5 + r.level / 2.0);
  const double center = std::log(r.estimate);
  const auto widened = [&](double half_width) { return std::sqrt(half_width * half_width + z * z * extra_log_variance); };
  RatioInterval out = r;
  const double below = widened(center - std::log(r.low)), above = widened(std::log(r.high) - center);
  out.low = std::exp(center - below);
  out.high = std::exp(center + above);
  const double se = (below + above) / (2 * z);
  out.p_value = 2.0 * boost::math::cdf(boost::math::complement(normal, std::abs(center) / se));
  return out;
}

}  // namespace tare::stats
