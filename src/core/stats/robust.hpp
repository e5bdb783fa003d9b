#pragma once

// Robust diagnostics for the samples of one benchmark. They feed warnings ("5 high severe
// outliers", "variance inflated by outliers: severe") and never decide which data to keep:
// dropping slow samples would hide exactly the interference a benchmark should report.

#include <cstddef>
#include <span>

namespace tare::stats {

// ---- Tukey fences -----------------------------------------------------------------------

struct TukeyFences {
  double q1 = 0, q3 = 0, iqr = 0;
  // Fence values: q1 − 3·iqr, q1 − 1.5·iqr, q3 + 1.5·iqr, q3 + 3·iqr.
  double low_severe = 0, low_mild = 0, high_mild = 0, high_severe = 0;
  // Mild counts exclude the severe ones.
  std::size_t low_severe_count = 0, low_mild_count = 0, high_mild_count = 0,
              high_severe_count = 0;
  std::size_t total() const;  // all four counts
};

// Criterion.rs / Catch2 classification; quartiles are type-7 quantiles. Empty input: all zero.
// A value strictly beyond a fence is counted; one exactly on it is not (as in both tools).
TukeyFences tukey_fences(std::span<const double> xs);

// ---- Outlier-induced variance -----------------------------------------------------------

// Fraction of the sample variance explained by outliers (Catch2's outlier_variance, ported
// from Haskell criterion), in [0, 1]:
//  μ_a = μ/n; μ_gmin = μ_a/2; σ_g = min(μ_gmin/4, σ_b/√n);
//  varOut(c) = ((n−c)/n)·(σ_b² − (n−c)·σ_g²);
//  c_max(x) = ⌊−2k0/(k1+√(k1²−4σ_g²k0))⌋
//    with k0 = −n·nd, k1 = σ_b² − nσ_g² + nd, nd = n(μ_a−x)²;
//  result = min(varOut(1), varOut(min(c_max(0), c_max(μ_gmin))))/σ_b².
// (mean, sd of the samples; n samples.) Catch2 passes the point estimates of its bootstrap,
// i.e. the plain mean and (population) SD of the samples, not resampled values.
// The model describes positive durations: sd = 0, n < 2, mean <= 0 or non-finite input: 0.
// Note the floor: with the spread well inside μ/(8√n) the result is (n−1)/n², about 1/n,
// so "none" needs n >= 100.
double outlier_variance(double mean, double sd, std::size_t n);

// Haskell criterion's labels: < 1%, < 10%, < 50%, else.
enum class OutlierEffect { none, slight, moderate, severe };

// Label of an outlier_variance result; NaN counts as none (nothing to warn about).
OutlierEffect outlier_effect(double variance_fraction);

// "none", "slight", "moderate", "severe".
const char* to_string(OutlierEffect e);

// ---- Robust spread and location ---------------------------------------------------------

// Median absolute deviation scaled to the normal SD: 1.4826 · median|x − median|. Empty: NaN.
double mad(std::span<const double> xs);

struct MedianInterval {
  double median = 0, low = 0, high = 0;
  double level = 0.95;
  // The exact coverage of [x_(k), x_(n+1−k)] under the sign test (≥ level when available).
  double achieved_level = 0;
  bool available = false;  // false when n is too small for the level (n < 6 at 95%)
};

// Distribution-free CI of the median from the sign test: k = the largest value with
// P(Bin(n, ½) < k) ≤ α/2; interval [x_(k), x_(n+1−k)] (1-based order statistics).
// Not available (k = 0, or level outside (0, 1)): median as usual (NaN when empty), low =
// high = NaN so a missing bound cannot be mistaken for a real one, achieved_level = 0.
MedianInterval median_sign_interval(std::span<const double> xs, double level = 0.95);

}  // namespace tare::stats
