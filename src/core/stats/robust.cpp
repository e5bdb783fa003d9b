#include "stats/robust.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "stats/descriptive.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {

namespace {

using detail::QuietPolicy;


// P(Bin(n, 1/2) < k), exact to rounding (regularised incomplete beta).
double sign_test_tail(std::size_t n, std::size_t k) {
  if (k == 0) return 0.0;
  const boost::math::binomial_distribution<double, QuietPolicy> dist(static_cast<double>(n), 0.5);
  return boost::math::cdf(dist, static_cast<double>(k - 1));
}

}  // namespace

std::size_t TukeyFences::total() const {
  return low_severe_count + low_mild_count + high_mild_count + high_severe_count;
}

TukeyFences tukey_fences(std::span<const double> xs) {
  TukeyFences f;
  if (xs.empty()) return f;
  f.q1 = quantile(xs, 0.25);
  f.q3 = quantile(xs, 0.75);
  f.iqr = f.q3 - f.q1;
  f.low_severe = f.q1 - 3.0 * f.iqr;
  f.low_mild = f.q1 - 1.5 * f.iqr;
  f.high_mild = f.q3 + 1.5 * f.iqr;
  f.high_severe = f.q3 + 3.0 * f.iqr;
  for (double x : xs) {
    if (x < f.low_severe) {
      ++f.low_severe_count;
    } else if (x < f.low_mild) {
      ++f.low_mild_count;
    } else if (x > f.high_severe) {
      ++f.high_severe_count;
    } else if (x > f.high_mild) {
      ++f.high_mild_count;
    }
  }
  return f;
}

double outlier_variance(double mean, double sd, std::size_t n) {
  if (n < 2 || !std::isfinite(mean) || !std::isfinite(sd) || !(mean > 0.0) || !(sd > 0.0)) {
    return 0.0;
  }
  const auto nd_count = static_cast<double>(n);
  const double sb2 = sd * sd;
  const double mu_a = mean / nd_count;
  const double mu_gmin = mu_a / 2.0;
  const double sg = std::min(mu_gmin / 4.0, sd / std::sqrt(nd_count));
  const double sg2 = sg * sg;

  // k0 <= 0, so the discriminant is at least k1^2 and the denominator is >= 2|k1| >= 0;
  // with mean > 0 it is positive and c_max lands in [0, n]. std::floor keeps it a double:
  // Catch2 casts to int, which is undefined for values out of range.
  const auto c_max = [&](double x) {
    const double d = mu_a - x;
    const double nd = nd_count * d * d;
    const double k0 = -nd_count * nd;
    const double k1 = sb2 - nd_count * sg2 + nd;
    const double det = k1 * k1 - 4.0 * sg2 * k0;
    return std::floor(-2.0 * k0 / (k1 + std::sqrt(det)));
  };
  const auto var_out = [&](double c) {
    const double nc = nd_count - c;
    return (nc / nd_count) * (sb2 - nc * sg2);
  };

  const double c = std::min(c_max(0.0), c_max(mu_gmin));
  const double fraction = std::min(var_out(1.0), var_out(c)) / sb2;
  // Rounding could nudge a boundary case a hair outside; NaN cannot occur for valid input.
  return std::clamp(fraction, 0.0, 1.0);
}

OutlierEffect outlier_effect(double variance_fraction) {
  if (!(variance_fraction >= 0.01)) return OutlierEffect::none;
  if (variance_fraction < 0.1) return OutlierEffect::slight;
  if (variance_fraction < 0.5) return OutlierEffect::moderate;
  return OutlierEffect::severe;
}

const char* to_string(OutlierEffect e) {
  switch (e) {
    case OutlierEffect::none: return "none";
    case OutlierEffect::slight: return "slight";
    case OutlierEffect::moderate: return "moderate";
    case OutlierEffect::severe: return "severe";
  }
  return "none";
}

double mad(std::span<const double> xs) {
  if (xs.empty()) return kNaN;
  const double m = median(xs);
  std::vector<double> deviations;
  deviations.reserve(xs.size());
  for (double x : xs) deviations.push_back(std::abs(x - m));
  // 1.4826 ≈ 1 / Φ⁻¹(3/4): makes the MAD a consistent estimator of σ for normal data.
  return 1.4826 * median(deviations);
}

MedianInterval median_sign_interval(std::span<const double> xs, double level) {
  MedianInterval ci;
  ci.level = level;
  ci.median = median(xs);
  ci.low = ci.high = kNaN;
  const std::size_t n = xs.size();
  if (n == 0 || !(level > 0.0 && level < 1.0)) return ci;

  // Boost's incomplete beta may land an ulp off an exactly representable tie (level 0.5,
  // n = 2: P(B < 1) = 1/4 = α/2), so ties are given a relative 1e-12 of slack.
  const double half_alpha = (1.0 - level) / 2.0 * (1.0 + 1e-12);
  // P(B < k) grows with k and passes 1/2 > α/2 by k = n/2 + 1, so the largest admissible k
  // lies in [0, n/2]; k = 0 always qualifies. Binary search: O(log n) cdf evaluations.
  std::size_t lo = 0;
  std::size_t hi = n / 2;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo + 1) / 2;
    if (sign_test_tail(n, mid) <= half_alpha) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  const std::size_t k = lo;
  if (k == 0) return ci;

  std::vector<double> sorted(xs.begin(), xs.end());
  std::sort(sorted.begin(), sorted.end());
  ci.low = sorted[k - 1];
  ci.high = sorted[n - k];
  ci.achieved_level = 1.0 - 2.0 * sign_test_tail(n, k);
  ci.available = true;
  return ci;
}

}  // namespace tare::stats
