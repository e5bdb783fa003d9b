#pragma once

#include <limits>
#include <span>

namespace tare::stats {

/// What a statistic is when it cannot be computed.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
/// An unbounded end (of an interval, of a cost).
inline constexpr double kInf = std::numeric_limits<double>::infinity();

/// True when no value is NaN or infinite (true for an empty input).
bool all_finite(std::span<const double> xs);

// NaN for an empty input, so a missing measurement cannot masquerade as zero.
double mean(std::span<const double> xs);

// Unbiased (n - 1) sample variance; 0 when n < 2.
double variance(std::span<const double> xs);

double stddev(std::span<const double> xs);

// Type-7 quantile (R's default): linear interpolation between order statistics at
// h = (n - 1) p. NaN for an empty input or p outside [0, 1]. Copies the input.
double quantile(std::span<const double> xs, double p);

double median(std::span<const double> xs);

// stddev / |mean|; 0 when n < 2 or when all values are equal, +inf when the mean is 0
// but the values are not all equal.
double coefficient_of_variation(std::span<const double> xs);

}  // namespace tare::stats
