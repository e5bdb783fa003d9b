#include "probe/estimate.hpp"

#include <boost/math/distributions/chi_squared.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "stats/interval.hpp"

namespace tare::probe {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Interval {
  double mean = kNaN, stddev = kNaN, se = kNaN, low = kNaN, high = kNaN;
};

// Mean and 95% Student-t interval from a count, a sum and a sum of squares.
Interval t_interval(double n, double sum, double sum_sq) {
  Interval r;
  if (n < 2) return r;
  r.mean = sum / n;
  const double variance = std::max(0.0, (sum_sq - sum * sum / n) / (n - 1));
  r.stddev = std::sqrt(variance);
  r.se = r.stddev / std::sqrt(n);
  const double half = stats::student_t_quantile(0.975, n - 1) * r.se;
  r.low = r.mean - half;
  r.high = r.mean + half;
  return r;
}

// The coarse readings' mean and interval. The mean is over all calls; the standard error,
// once there are kMinBatches complete batches, from the spread of the batch sums about
// the mean (the ratio estimator's: sum (S_b - R n_b)^2 / (m (m - 1) nbar^2)), which holds
// whatever the correlation between the readings within a batch. Calls close together
// (several within a tick) have negatively correlated readings: the single readings'
// variance overstates the mean's, twice over when calls fill 3/4 of the time.
Interval coarse_interval(const Totals& t) {
  Interval r = t_interval(static_cast<double>(t.calls), static_cast<double>(t.sum_ns), t.sum_sq_ns);
  if (t.batches < kMinBatches || !(t.batch_calls > 0)) return r;
  const double m = static_cast<double>(t.batches);
  const double ratio = t.batch_sum / t.batch_calls;
  const double residual =
      std::max(0.0, t.batch_sum_sq - 2 * ratio * t.batch_sum_calls + ratio * ratio * t.batch_calls_sq);
  const double mean_calls = t.batch_calls / m;
  r.se = std::sqrt(residual / (m * (m - 1))) / mean_calls;
  const double half = stats::student_t_quantile(0.975, m - 1) * r.se;
  r.low = r.mean - half;
  r.high = r.mean + half;
  return r;
}

// The interval shifted by `by` (the fine sample less the probe's own reads).
Interval shifted(Interval r, double by) {
  r.mean -= by;
  r.low -= by;
  r.high -= by;
  return r;
}

// The coarse and fine estimates differ by more than kMaterialBias of the fine one, beyond
// their sampling error: the one-sided 97.5% bound of |difference| clears the margin. A test
// of a difference that matters rather than of any difference: with a million calls the
// latter finds a 1% disagreement, which no reader would act on.
bool materially_apart(const Interval& coarse, const Interval& fine) {
  const double difference = std::abs(coarse.mean - fine.mean);
  const double se = std::sqrt(coarse.se * coarse.se + fine.se * fine.se);
  return difference - 1.96 * se > kMaterialBias * std::abs(fine.mean);
}

}  // namespace

std::string duration_text(double ns) {
  if (std::isnan(ns)) return "-";
  const auto [value, unit] = ns < 1e3   ? std::pair{ns, "ns"}
                             : ns < 1e6 ? std::pair{ns / 1e3, "us"}
                             : ns < 1e9 ? std::pair{ns / 1e6, "ms"}
                                        : std::pair{ns / 1e9, "s"};
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", value, unit);
  return text;
}

double uniformity_p_value(const std::array<std::uint64_t, detail::kPhaseBins>& bins) {
  double total = 0;
  for (auto b : bins) total += static_cast<double>(b);
  if (total <= 0) return kNaN;
  const double expected = total / detail::kPhaseBins;
  double chi2 = 0;
  for (auto b : bins) chi2 += (static_cast<double>(b) - expected) * (static_cast<double>(b) - expected) / expected;
  const boost::math::chi_squared distribution(detail::kPhaseBins - 1);
  return boost::math::cdf(boost::math::complement(distribution, chi2));
}

double uniformity_deviation(const std::array<std::uint64_t, detail::kPhaseBins>& bins) {
  double total = 0;
  for (auto b : bins) total += static_cast<double>(b);
  if (total <= 0) return kNaN;
  double distance = 0;
  for (auto b : bins) distance += std::abs(static_cast<double>(b) / total - 1.0 / detail::kPhaseBins);
  return distance / 2;
}

namespace {

// Counts, and the coarse readings' mean and interval once there are enough of them.
Interval set_coarse_estimate(const Totals& t, Stats& s) {
  s.name = t.name;
  s.clock = t.clock;
  s.resolution_ns = static_cast<double>(t.resolution_ns);
  s.calls = t.calls;
  s.zero_tick_calls = t.zero_calls;
  s.batches = t.batches;
  s.enough = t.calls >= kMinCalls && t.calls - t.zero_calls >= kMinTickCrossings;
  const Interval coarse = coarse_interval(t);
  s.mean_ns = s.enough ? coarse.mean : kNaN;
  s.stddev_ns = s.enough ? coarse.stddev : kNaN;
  s.ci_low_ns = s.enough ? coarse.low : kNaN;
  s.ci_high_ns = s.enough ? coarse.high : kNaN;
  return coarse;
}

// The fine clock's sample, less the probe's own reads.
Interval set_fine_estimate(const Totals& t, Stats& s) {
  s.sampled_calls = t.sampled;
  const Interval fine = shifted(t_interval(static_cast<double>(t.sampled), t.sampled_sum_ns, t.sampled_sum_sq_ns),
                                static_cast<double>(t.fine_overhead_ns));
  s.fine_overhead_ns = static_cast<double>(t.fine_overhead_ns);
  s.sampled_mean_ns = fine.mean;
  s.sampled_ci_low_ns = fine.low;
  s.sampled_ci_high_ns = fine.high;
  return fine;
}

// Sets the phase statistics and whether the calls lock onto the clock's tick; returns
// whether the coarse and fine estimates disagree materially.
bool judge_phase_lock(const Totals& t, const Interval& coarse, const Interval& fine, Stats& s) {
  // A fine clock has no tick to lock onto; a coarse one needs enough sampled starts.
  const bool phase_known = t.resolution_ns > 1 && t.sampled >= kMinPhaseSamples;
  s.phase_p_value = phase_known ? uniformity_p_value(t.phase_bins) : kNaN;
  s.phase_deviation = phase_known ? uniformity_deviation(t.phase_bins) : kNaN;
  // Locked: the phase is significantly non-uniform and either concentrated, or the fine
  // sample shows a material bias itself (a partial lock on the tick's last sliver halves a
  // short call's mean while moving the phase distribution only slightly). Significance
  // alone is not enough: at a million calls the chi-square test finds the jitter of any
  // real tick, and the intervals' mere non-overlap finds biases of a few percent.
  const bool disagree = s.enough && phase_known && materially_apart(coarse, fine);
  s.phase_locked = phase_known && s.phase_p_value < kPhaseLockAlpha &&
                   (s.phase_deviation >= kPhaseLockDeviation || disagree);
  return disagree;
}

const char* probe_status(const Stats& s) {
  // Lock first: a locked probe may never cross a tick, and would never be "enough".
  if (s.phase_locked) return "phase lock suspected";
  if (!s.enough) return "not enough calls yet";
  return "ok";
}

void add_estimate_warnings(const Totals& t, const Interval& fine, bool disagree, Stats& s) {
  if (s.phase_locked) {
    std::ostringstream w;
    w << "calls start at the same phase of the clock's " << duration_text(s.resolution_ns)
      << " tick (distance from uniform " << s.phase_deviation << ", chi-square p = " << s.phase_p_value
      << "): the coarse estimate may be biased; the fine clock's sample of " << t.sampled << " calls says "
      << duration_text(fine.mean) << " [" << duration_text(fine.low) << ", " << duration_text(fine.high) << "]";
    s.warnings.push_back(w.str());
  } else if (disagree) {
    std::ostringstream w;
    w << "the fine clock's sample of " << t.sampled << " calls (" << duration_text(fine.mean) << " [" << duration_text(fine.low)
      << ", " << duration_text(fine.high) << "]) disagrees with the coarse estimate";
    s.warnings.push_back(w.str());
  }
}

}  // namespace

Stats estimate(const Totals& t) {
  Stats s;
  const Interval coarse = set_coarse_estimate(t, s);
  const Interval fine = set_fine_estimate(t, s);
  const bool disagree = judge_phase_lock(t, coarse, fine, s);
  s.status = probe_status(s);
  add_estimate_warnings(t, fine, disagree, s);
  return s;
}

}  // namespace tare::probe
