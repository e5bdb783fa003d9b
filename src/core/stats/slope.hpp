#pragma once

// Slopes and a monotone-trend test for time series (the stream verdict's backlog and
// latency rules, docs/stream.md). Pure functions, no I/O.

#include <cstddef>
#include <span>

namespace tare::stats {

// Theil-Sen estimator: the median of the slopes (y_j - y_i) / (x_j - x_i) over the pairs
// i < j with x_i != x_j. Robust: up to ~29% of the points may be arbitrary outliers.
// NaN when the spans differ in length, a value is not finite, or fewer than 2 distinct x
// values exist. Above 1000 points the median is taken over 500,000 pairs drawn with a
// fixed-seed mt19937_64 instead of all n(n-1)/2 (memory and time): deterministic, and its
// rank among all pairwise slopes is within about 0.1% of the middle.
double theil_sen_slope(std::span<const double> x, std::span<const double> y);

// Ordinary least squares slope. NaN when the spans differ in length or x has no spread.
double ols_slope(std::span<const double> x, std::span<const double> y);

// Mann-Kendall test for a monotone trend in y (in its index order).
struct MannKendall {
  double s = 0;            // sum over i < j of sign(y_j - y_i)
  double variance = 0;     // Var(S) under no trend, with the tie correction
  double z = 0;            // (S - sign(S)) / sqrt(variance): continuity-corrected
  double p_increasing = 1; // one-sided P(S >= s) under no trend
  double p_decreasing = 1; // one-sided P(S <= s) under no trend
  std::size_t n = 0;
};

// n < 3 (no test) or all values tied: z = 0 and both p-values are 1.
// n <= 10: the p-values come from the exact null distribution of S under random order
// (the number of arrangements by inversion count, a q-multinomial coefficient computed by
// polynomial products, so ties are exact too); the normal approximation is poor there.
// n > 10: normal approximation with the continuity correction,
// p_increasing = P(Z >= (S - 1)/sd), p_decreasing = P(Z <= (S + 1)/sd).
// Any NaN in y: s, variance, z and both p-values are NaN.
MannKendall mann_kendall(std::span<const double> y);

}  // namespace tare::stats
