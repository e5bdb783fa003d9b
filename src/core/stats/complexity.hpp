#pragma once

// Asymptotic complexity fitting, as Google Benchmark's Complexity() does it (GB 1.7.1,
// src/complexity.cc): the time of one iteration at each problem size n is fitted to
// c·f(n) by one-parameter least squares, and the fit is reported as a coefficient and an
// rms error relative to the mean time. The point of matching GB exactly (curves, the log
// base, the normalisation of rms, the order and tie rule of the automatic choice) is that
// a suite ported from GB reports the same "BigO" and "RMS" rows under tare.
//
// The fit is deliberately GB's, not a better one: there is no intercept (a constant
// overhead shows up as a worse rms, not as a separate term), and the residuals are
// absolute, so the largest sizes dominate both c and the choice of curve.

#include <functional>
#include <span>

namespace tare::stats {

/// GB's BigO, less oNone (GB's "not asked for"; here the caller simply does not call). Their
/// names ("NlgN", ...) are the Google Benchmark layer's to write (gbench/src/gb_format.hpp).
enum class BigO { o1, oN, oNSquared, oNCubed, oLogN, oNLogN, oAuto, oLambda };


struct ComplexityFit {
  BigO complexity = BigO::o1;  ///< the curve chosen (never oAuto)
  double coefficient = 0;      ///< least-squares c of time ≈ c·f(n): Σ t·f(n) / Σ f(n)²
  double rms = 0;              ///< sqrt(Σ (t − c·f(n))² / count) / mean(t), as GB computes it
};

/// Fits time ≈ c·f(n) for the given curve. f is GB's: 1, n, n², n³, log2 n, n·log2 n (the
/// logs computed as GB does, log(n)·log2(e)). For o1 the fit is c = mean(time) and rms is
/// the population coefficient of variation.
/// oAuto fits o1 first and then oLogN, oN, oNLogN, oNSquared, oNCubed (GB's order) and
/// keeps a later curve only when its rms is strictly smaller, so ties go to the earlier
/// curve and a NaN rms (f(n) = 0 at every n, e.g. log curves with all n = 1) never wins.
/// Like GB, a fixed curve whose Σ f(n)² is 0 gives a NaN coefficient and rms rather than
/// an error, and the times are not checked (a zero mean time gives an infinite or NaN rms).
/// Throws std::invalid_argument when n and time differ in length or have fewer than 2
/// values, when an n is not positive and finite (GB aborts on complexity_n <= 0), or for
/// oLambda (which needs the overload taking f).
/// n need not be integral: GB's sizes are integers, and integral n give GB's numbers.
ComplexityFit fit_complexity(std::span<const double> n, std::span<const double> time,
                             BigO curve);

/// The same with a user curve f (GB's Complexity(lambda)); complexity is oLambda. Throws
/// as the other overload, and also for an empty f.
ComplexityFit fit_complexity(std::span<const double> n, std::span<const double> time,
                             const std::function<double(double)>& f);

}  // namespace tare::stats
