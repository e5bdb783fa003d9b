#include "stats/complexity.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace tare::stats {

namespace {

// GB computes log2 as log(n)·log2(e) (a workaround for an old Android STL without log2).
// It can differ from std::log2 in the last bit, which is enough to flip a near-tie in the
// automatic choice, so we keep GB's form.
constexpr double kLog2E = 1.44269504088896340736;

// GB's FittingCurve. The products are written in GB's order, (log2(e)·n)·log(n) for
// NlgN, so that the floating-point results are the same. std::pow(n, 2) as in GB; for
// the integral n GB sees it is exact, the same as n·n.
double curve_value(BigO curve, double n) {
  switch (curve) {
    case BigO::oN:
      return n;
    case BigO::oNSquared:
      return std::pow(n, 2);
    case BigO::oNCubed:
      return std::pow(n, 3);
    case BigO::oLogN:
      return kLog2E * std::log(n);
    case BigO::oNLogN:
      return kLog2E * n * std::log(n);
    case BigO::o1:
    case BigO::oAuto:
    case BigO::oLambda:
      break;
  }
  return 1.0;
}

void check_input(std::span<const double> n, std::span<const double> time) {
  if (n.size() != time.size()) {
    throw std::invalid_argument("fit_complexity: n and time differ in length");
  }
  // One point fits any curve exactly; GB does not fit fewer than two either.
  if (n.size() < 2) throw std::invalid_argument("fit_complexity: fewer than 2 sizes");
  for (const double size : n) {
    // GB checks complexity_n > 0 ("Did you forget to call SetComplexityN?"); a size of 0
    // or less would also put -inf or NaN into the log curves.
    if (!(size > 0) || !std::isfinite(size)) {
      throw std::invalid_argument("fit_complexity: a size is not positive and finite");
    }
  }
}

// GB's MinimalLeastSq for one curve. The coefficient minimises the absolute squared error
// Σ (t − c·f)² (GB's comment says "relative error", but the formula is absolute), and
// rms divides by the count, not count − 1, before normalising by the mean time.
template <typename Curve>
ComplexityFit least_squares(std::span<const double> n, std::span<const double> time,
                            const Curve& f, BigO label) {
  double sigma_f_squared = 0;
  double sigma_time = 0;
  double sigma_time_f = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double f_i = f(n[i]);
    sigma_f_squared += f_i * f_i;
    sigma_time += time[i];
    sigma_time_f += time[i] * f_i;
  }
  const double coefficient = sigma_time_f / sigma_f_squared;

  double sum_squares = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double residual = time[i] - coefficient * f(n[i]);
    sum_squares += residual * residual;
  }
  const auto count = static_cast<double>(n.size());
  const double mean = sigma_time / count;
  return {label, coefficient, std::sqrt(sum_squares / count) / mean};
}

ComplexityFit fit_curve(std::span<const double> n, std::span<const double> time, BigO curve) {
  return least_squares(
      n, time, [curve](double size) { return curve_value(curve, size); }, curve);
}

// GB's oAuto: o1 is the default and the others must beat it, and each other, strictly.
ComplexityFit fit_best(std::span<const double> n, std::span<const double> time) {
  constexpr std::array<BigO, 5> kCandidates = {BigO::oLogN, BigO::oN, BigO::oNLogN,
                                               BigO::oNSquared, BigO::oNCubed};
  ComplexityFit best = fit_curve(n, time, BigO::o1);
  for (const BigO curve : kCandidates) {
    const ComplexityFit fit = fit_curve(n, time, curve);
    if (fit.rms < best.rms) best = fit;
  }
  return best;
}

}  // namespace

ComplexityFit fit_complexity(std::span<const double> n, std::span<const double> time,
                             BigO curve) {
  check_input(n, time);
  // GB would fit a constant and label it oLambda here (FittingCurve's default branch); it
  // never reaches that path itself, and for a caller it can only be a mistake.
  if (curve == BigO::oLambda) {
    throw std::invalid_argument("fit_complexity: oLambda needs the curve itself");
  }
  if (curve == BigO::oAuto) return fit_best(n, time);
  return fit_curve(n, time, curve);
}

ComplexityFit fit_complexity(std::span<const double> n, std::span<const double> time,
                             const std::function<double(double)>& f) {
  check_input(n, time);
  if (!f) throw std::invalid_argument("fit_complexity: empty curve");
  return least_squares(n, time, f, BigO::oLambda);
}

}  // namespace tare::stats
