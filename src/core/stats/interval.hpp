#pragma once

#include <cstddef>
#include <span>

namespace tare::stats {

// Quantile of Student's t (Boost.Math). NaN instead of an exception for p outside [0, 1]
// or degrees_of_freedom <= 0, so callers in the runner never have to catch.
double student_t_quantile(double p, double degrees_of_freedom);

// Quantile of the standard normal distribution (Boost.Math): Student's t with infinitely
// many degrees of freedom. NaN for p outside [0, 1].
double normal_quantile(double p);

// Quantile of the chi-squared distribution (Boost.Math), NaN on the same terms: for
// confidence bounds on a variance, (n - 1) s^2 / chi2(1 - a, n - 1) <= sigma^2.
double chi_squared_quantile(double p, double degrees_of_freedom);

struct MeanInterval {
  double mean = 0, low = 0, high = 0, half_width = 0;
  std::size_t n = 0;
  double level = 0.95;
};

// Student-t confidence interval of the mean. Feed it one value per independent replica
// (per fork), never the samples inside one process: those are not independent.
// n < 2: low = high = mean and half_width = +infinity (the caller checks n).
MeanInterval mean_interval(std::span<const double> xs, double level = 0.95);

// Half-width relative to |mean|; +infinity when the mean is 0 or n < 2.
double relative_half_width(const MeanInterval& ci);

}  // namespace tare::stats
