#include "stats/slope.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"

namespace tare::stats {

namespace {

constexpr std::size_t kAllPairsLimit = 1000;
constexpr std::size_t kSampledPairs = 500'000;
constexpr std::uint64_t kPairSeed = 0x7a5e'5106'e5ee'd001;
constexpr std::size_t kExactLimit = 10;

// The slopes of the pairs Theil-Sen uses: all of them, or a fixed-seed sample when n is
// large. The index is reduced with % rather than uniform_int_distribution, whose algorithm
// differs between standard libraries; the bias, n / 2^64, is nil.
std::vector<double> pairwise_slopes(std::span<const double> x, std::span<const double> y) {
  const std::size_t n = x.size();
  std::vector<double> slopes;
  const auto add = [&](std::size_t i, std::size_t j) {
    if (x[i] != x[j]) slopes.push_back((y[j] - y[i]) / (x[j] - x[i]));
  };
  if (n <= kAllPairsLimit) {
    slopes.reserve(n * (n - 1) / 2);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) add(i, j);
    }
    return slopes;
  }
  slopes.reserve(kSampledPairs);
  std::mt19937_64 rng(kPairSeed);
  for (std::size_t k = 0; k < kSampledPairs; ++k) {
    const auto i = static_cast<std::size_t>(rng() % n);
    const auto j = static_cast<std::size_t>(rng() % n);
    add(i, j);  // i == j has x[i] == x[j] and is skipped
  }
  return slopes;
}

// Sizes of the groups of equal values (groups of one included).
std::vector<std::size_t> tie_groups(std::span<const double> y) {
  std::vector<double> sorted(y.begin(), y.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::size_t> groups;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    groups.push_back(j - i);
    i = j;
  }
  return groups;
}

double tie_corrected_variance(std::size_t n, const std::vector<std::size_t>& groups) {
  const auto term = [](std::size_t m) {
    const auto v = static_cast<double>(m);
    return v * (v - 1.0) * (2.0 * v + 5.0);
  };
  double variance = term(n);
  for (std::size_t t : groups) variance -= term(t);
  return variance / 18.0;
}

// Multiplies the polynomial c by [m]_q = 1 + q + ... + q^(m-1) (a sliding-window sum).
void multiply_by_q_integer(std::vector<double>& c, std::size_t m) {
  std::vector<double> product(c.size(), 0.0);
  double window = 0.0;
  for (std::size_t k = 0; k < c.size(); ++k) {
    window += c[k];
    if (k >= m) window -= c[k - m];
    product[k] = window;
  }
  c = std::move(product);
}

// Divides c by [m]_q = (1 - q^m) / (1 - q): multiply by (1 - q), then divide by (1 - q^m).
// Exact here, since the quotient is a polynomial with integer coefficients.
void divide_by_q_integer(std::vector<double>& c, std::size_t m) {
  for (std::size_t k = c.size(); k-- > 1;) c[k] -= c[k - 1];
  for (std::size_t k = m; k < c.size(); ++k) c[k] += c[k - m];
}

// counts[k] = the number of distinct arrangements of values with these tie groups that
// have k inversions: the q-multinomial coefficient [n]_q! / prod over groups of [t]_q!.
// Under no trend every arrangement is equally likely.
std::vector<double> arrangements_by_inversions(std::size_t n,
                                               const std::vector<std::size_t>& groups) {
  std::vector<double> counts(n * (n - 1) / 2 + 1, 0.0);
  counts[0] = 1.0;
  for (std::size_t m = 2; m <= n; ++m) multiply_by_q_integer(counts, m);
  for (std::size_t t : groups) {
    for (std::size_t m = 2; m <= t; ++m) divide_by_q_integer(counts, m);
  }
  return counts;
}

// S = P - 2 inv, where P is the number of untied pairs, so S >= s iff inv <= inv_s.
void exact_p_values(MannKendall& mk, std::size_t inversions,
                    const std::vector<std::size_t>& groups) {
  const std::vector<double> counts = arrangements_by_inversions(mk.n, groups);
  double total = 0.0, at_most = 0.0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    total += counts[k];
    if (k <= inversions) at_most += counts[k];
  }
  const double at_least = total - at_most + counts[inversions];
  mk.p_increasing = at_most / total;
  mk.p_decreasing = at_least / total;
}

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

}  // namespace

double theil_sen_slope(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size() || !all_finite(x) || !all_finite(y)) return kNaN;
  const std::vector<double> slopes = pairwise_slopes(x, y);
  return slopes.empty() ? kNaN : median(slopes);
}

double ols_slope(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size() || x.size() < 2) return kNaN;
  const double x_bar = mean(x);
  const double y_bar = mean(y);
  double sxx = 0.0, sxy = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - x_bar) * (x[i] - x_bar);
    sxy += (x[i] - x_bar) * (y[i] - y_bar);
  }
  return sxx > 0.0 ? sxy / sxx : kNaN;
}

MannKendall mann_kendall(std::span<const double> y) {
  MannKendall mk;
  mk.n = y.size();
  if (std::any_of(y.begin(), y.end(), [](double v) { return std::isnan(v); })) {
    mk.s = mk.variance = mk.z = mk.p_increasing = mk.p_decreasing = kNaN;
    return mk;
  }
  std::size_t inversions = 0, concordant = 0;
  for (std::size_t i = 0; i < mk.n; ++i) {
    for (std::size_t j = i + 1; j < mk.n; ++j) {
      if (y[j] > y[i]) ++concordant;
      if (y[j] < y[i]) ++inversions;
    }
  }
  mk.s = static_cast<double>(concordant) - static_cast<double>(inversions);
  const std::vector<std::size_t> groups = tie_groups(y);
  mk.variance = tie_corrected_variance(mk.n, groups);
  if (mk.n < 3 || mk.variance <= 0.0) return mk;

  const double sd = std::sqrt(mk.variance);
  mk.z = mk.s == 0.0 ? 0.0 : (mk.s - std::copysign(1.0, mk.s)) / sd;
  if (mk.n <= kExactLimit) {
    exact_p_values(mk, inversions, groups);
  } else {
    mk.p_increasing = normal_upper_tail((mk.s - 1.0) / sd);
    mk.p_decreasing = normal_upper_tail(-(mk.s + 1.0) / sd);
  }
  return mk;
}

}  // namespace tare::stats
