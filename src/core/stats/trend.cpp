#include "stats/trend.hpp"

#include <cmath>
#include <limits>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::stats {

namespace {

constexpr double kAlpha = 0.01;

// |numerator / se| > critical, treating a zero standard error (noise-free data) as
// significant exactly when the effect itself is non-zero.
bool exceeds(double numerator, double se, double critical) {
  if (se == 0.0) return numerator != 0.0;
  return std::abs(numerator / se) > critical;
}

// Did the level shift between the first and the second half of the window? For odd n the
// middle value is left out, so both halves are the same size.
bool step_detected(std::span<const double> window, double scale, double tolerance) {
  const std::size_t half = window.size() / 2;
  const auto first = window.first(half);
  const auto second = window.last(half);
  const double diff = mean(second) - mean(first);
  if (!(std::abs(diff) > tolerance * scale)) return false;

  const double v1 = variance(first) / static_cast<double>(half);
  const double v2 = variance(second) / static_cast<double>(half);
  const double se = std::sqrt(v1 + v2);
  if (se == 0.0) return true;  // diff is non-zero here
  const double h = static_cast<double>(half) - 1.0;
  // Welch–Satterthwaite degrees of freedom.
  const double df = (v1 + v2) * (v1 + v2) / (v1 * v1 / h + v2 * v2 / h);
  return exceeds(diff, se, student_t_quantile(1.0 - kAlpha / 2.0, df));
}

}  // namespace

TrendTest trend_test(std::span<const double> window, double tolerance) {
  TrendTest result;
  const std::size_t n = window.size();
  if (n < 6) return result;
  const double y_bar = mean(window);
  // A NaN or infinite sample would make every comparison below false, i.e. "steady".
  if (!std::isfinite(y_bar)) return result;

  const auto nd = static_cast<double>(n);
  const double x_bar = (nd - 1.0) / 2.0;
  double sxy = 0.0;
  for (std::size_t j = 0; j < n; ++j) sxy += (static_cast<double>(j) - x_bar) * (window[j] - y_bar);
  const double sxx = nd * (nd * nd - 1.0) / 12.0;  // sum of (j - x_bar)^2 for j = 0..n-1
  result.slope = sxy / sxx;

  double ssr = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    const double residual = window[j] - (y_bar + result.slope * (static_cast<double>(j) - x_bar));
    ssr += residual * residual;
  }
  const double se = std::sqrt(ssr / (nd - 2.0) / sxx);
  if (se > 0.0) {
    result.t_statistic = result.slope / se;
  } else {
    result.t_statistic = result.slope == 0.0 ? 0.0
                         : std::copysign(std::numeric_limits<double>::infinity(), result.slope);
  }

  const double scale = std::abs(y_bar);
  const double change = result.slope * (nd - 1.0);
  result.drift = scale > 0.0 ? change / scale
                 : change == 0.0 ? 0.0
                                 : std::copysign(std::numeric_limits<double>::infinity(), change);

  const bool trending = std::abs(result.drift) > tolerance &&
                        exceeds(result.slope, se, student_t_quantile(1.0 - kAlpha / 2.0, nd - 2.0));
  result.steady = !trending && !step_detected(window, scale, tolerance);
  return result;
}

}  // namespace tare::stats
