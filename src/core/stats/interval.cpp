#include "stats/interval.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "stats/descriptive.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {

using detail::QuietPolicy;

double student_t_quantile(double p, double degrees_of_freedom) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (!(p >= 0.0 && p <= 1.0) || !(degrees_of_freedom > 0.0)) return nan;
  if (p == 0.0) return -inf;
  if (p == 1.0) return inf;
  const boost::math::students_t_distribution<double, QuietPolicy> dist(degrees_of_freedom);
  return boost::math::quantile(dist, p);
}

double normal_quantile(double p) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (!(p >= 0.0 && p <= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  if (p == 0.0) return -inf;
  if (p == 1.0) return inf;
  const boost::math::normal_distribution<double, QuietPolicy> dist;
  return boost::math::quantile(dist, p);
}

double chi_squared_quantile(double p, double degrees_of_freedom) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if (!(p >= 0.0 && p <= 1.0) || !(degrees_of_freedom > 0.0)) return nan;
  if (p == 0.0) return 0.0;
  if (p == 1.0) return std::numeric_limits<double>::infinity();
  const boost::math::chi_squared_distribution<double, QuietPolicy> dist(degrees_of_freedom);
  return boost::math::quantile(dist, p);
}

MeanInterval mean_interval(std::span<const double> xs, double level) {
  MeanInterval ci;
  ci.n = xs.size();
  ci.level = level;
  ci.mean = mean(xs);
  if (ci.n < 2) {
    ci.low = ci.high = ci.mean;
    ci.half_width = std::numeric_limits<double>::infinity();
    return ci;
  }
  const double t = student_t_quantile(0.5 + level / 2.0, static_cast<double>(ci.n - 1));
  ci.half_width = t * stddev(xs) / std::sqrt(static_cast<double>(ci.n));
  ci.low = ci.mean - ci.half_width;
  ci.high = ci.mean + ci.half_width;
  return ci;
}

double relative_half_width(const MeanInterval& ci) {
  if (ci.n < 2 || ci.mean == 0.0) return std::numeric_limits<double>::infinity();
  return ci.half_width / std::abs(ci.mean);
}

}  // namespace tare::stats
