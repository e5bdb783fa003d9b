#include "stats/descriptive.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace tare::stats {

bool all_finite(std::span<const double> xs) {
  return std::all_of(xs.begin(), xs.end(), [](double x) { return std::isfinite(x); });
}

double mean(std::span<const double> xs) {
  if (xs.empty()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0.0;
  for (double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

double variance(std::span<const double> xs) {
  if (xs.size() < 2) return 0.0;
  // Corrected two-pass algorithm: timings carry a large common offset (a 1 ms sample
  // varies in its last digits), so the textbook sum-of-squares formula would cancel
  // catastrophically. The second term removes the rounding error left in the mean.
  const double m = mean(xs);
  double squares = 0.0;
  double deviations = 0.0;
  for (double x : xs) {
    const double d = x - m;
    squares += d * d;
    deviations += d;
  }
  const auto n = static_cast<double>(xs.size());
  return std::max(0.0, (squares - deviations * deviations / n) / (n - 1.0));
}

double stddev(std::span<const double> xs) { return std::sqrt(variance(xs)); }

double quantile(std::span<const double> xs, double p) {
  if (xs.empty() || !(p >= 0.0 && p <= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  std::vector<double> sorted(xs.begin(), xs.end());
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  // Only the two neighbouring order statistics matter, so a partial sort suffices.
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(lo), sorted.end());
  const double below = sorted[lo];
  if (lo + 1 >= sorted.size()) return below;
  const double above =
      *std::min_element(sorted.begin() + static_cast<std::ptrdiff_t>(lo + 1), sorted.end());
  return below + (h - static_cast<double>(lo)) * (above - below);
}

double median(std::span<const double> xs) { return quantile(xs, 0.5); }

double coefficient_of_variation(std::span<const double> xs) {
  if (xs.size() < 2) return 0.0;
  const double sd = stddev(xs);
  if (sd == 0.0) return 0.0;
  return sd / std::abs(mean(xs));
}

}  // namespace tare::stats
