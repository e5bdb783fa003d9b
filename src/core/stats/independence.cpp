#include "stats/independence.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

#include "stats/descriptive.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {

namespace {

using detail::QuietPolicy;

double chi_squared_upper_tail(double x, double degrees_of_freedom) {
  if (std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0.0) return 1.0;
  const boost::math::chi_squared_distribution<double, QuietPolicy> dist(degrees_of_freedom);
  return boost::math::cdf(boost::math::complement(dist, x));
}

// Largest k with k * k <= n, exact even where the double square root rounds.
std::size_t isqrt(std::size_t n) {
  auto k = static_cast<std::size_t>(std::sqrt(static_cast<double>(n)));
  while (k > 0 && k > n / k) --k;
  while ((k + 1) <= n / (k + 1)) ++k;
  return k;
}

}  // namespace

std::vector<double> autocorrelation(std::span<const double> xs, std::size_t max_lag) {
  const std::size_t n = xs.size();
  const std::size_t lags = n == 0 ? 0 : std::min(max_lag, n - 1);
  std::vector<double> rho(lags, 0.0);
  if (lags == 0) return rho;
  if (!std::all_of(xs.begin(), xs.end(), [](double x) { return std::isfinite(x); })) {
    // Checked first: NaN compares false, so it would pass the constant check below.
    std::fill(rho.begin(), rho.end(), std::numeric_limits<double>::quiet_NaN());
    return rho;
  }
  // Exactly constant data: a rounded mean would leave equal tiny deviations whose
  // "correlation" is (n - h) / n, so constant input would look strongly dependent.
  const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  if (*lo == *hi) return rho;

  std::vector<double> d(xs.begin(), xs.end());
  const double m = mean(xs);
  for (double& x : d) x -= m;
  // Re-centre once more: timings carry a large offset, and the rounding error left in the
  // first mean would otherwise add a constant to every product.
  const double residual = mean(d);
  for (double& x : d) x -= residual;

  double denominator = 0.0;
  for (double x : d) denominator += x * x;
  for (std::size_t h = 1; h <= lags; ++h) {
    double sum = 0.0;
    for (std::size_t t = 0; t + h < n; ++t) sum += d[t] * d[t + h];
    rho[h - 1] = sum / denominator;
  }
  return rho;
}

IndependenceTest ljung_box(std::span<const double> xs, std::size_t lags, double alpha) {
  IndependenceTest result;
  const std::size_t n = xs.size();
  // Below 10 values the chi-squared approximation is poor and the power negligible.
  if (n < 10) return result;
  if (lags == 0) {
    const auto log_n = static_cast<std::size_t>(std::floor(std::log(static_cast<double>(n))));
    lags = std::min<std::size_t>(10, std::max<std::size_t>(1, log_n));
  }
  lags = std::min(lags, n - 1);

  const std::vector<double> rho = autocorrelation(xs, lags);
  const auto nd = static_cast<double>(n);
  double sum = 0.0;
  for (std::size_t h = 1; h <= lags; ++h) {
    sum += rho[h - 1] * rho[h - 1] / (nd - static_cast<double>(h));
  }
  result.lags = lags;
  result.lag1 = rho[0];
  result.q = nd * (nd + 2.0) * sum;
  result.p_value = chi_squared_upper_tail(result.q, static_cast<double>(lags));
  result.dependent = result.p_value < alpha;
  return result;
}

BatchMeans batch_means(std::span<const double> xs, std::size_t batch_size) {
  BatchMeans result;
  const std::size_t n = xs.size();
  if (batch_size == 0) {
    if (n == 0) return result;
    batch_size = n / isqrt(n);
  }
  result.batch_size = batch_size;
  const std::size_t batches = n / batch_size;
  result.means.reserve(batches);
  for (std::size_t b = 0; b < batches; ++b) {
    result.means.push_back(mean(xs.subspan(b * batch_size, batch_size)));
  }
  // Batch means much longer than the correlation time are nearly independent, each with
  // variance LRV / batch_size; so batch_size * their variance estimates the LRV.
  result.long_run_variance = batches >= 2
                                 ? static_cast<double>(batch_size) * variance(result.means)
                                 : variance(xs);
  return result;
}

std::size_t default_block_length(std::size_t n) {
  if (n <= 1) return 1;
  // Round the cube root, then correct by a step either way: cbrt need not be exact. The
  // cubes are compared in double, exact for every n below 2^53.
  const auto nd = static_cast<double>(n);
  const auto cube = [](std::size_t k) {
    const auto kd = static_cast<double>(k);
    return kd * kd * kd;
  };
  auto k = static_cast<std::size_t>(std::llround(std::cbrt(nd)));
  while (k > 1 && cube(k - 1) >= nd) --k;
  while (cube(k) < nd) ++k;
  return k;
}

}  // namespace tare::stats
