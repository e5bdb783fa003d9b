// The sustainable-throughput search (tare stream sustainable), as a pure state machine so it
// is tested without running anything: an overload probe gives the SUT's peak drain rate R;
// bisection between the highest rate found sustainable and the lowest found unsustainable,
// starting from [0.5 R, 1.05 R], until the bracket is narrower than `tolerance` (relative) or
// the trials run out; then confirmation trials at the found rate and at 90% of it (Karimov
// et al. confirmed at 90%). An end of the first bracket is only assumed until tested: when
// bisection has come within the tolerance of it, it is tried itself. If 0.5 R fails too,
// the rate halves downwards until one passes; if 1.05 R passes (the probe underestimated),
// the top doubles and bisection goes on above it.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace tare::stream {

struct SearchSettings {
  double tolerance = 0.05;     ///< stop when (unsustainable - sustainable) / sustainable < this
  int max_trials = 10;         ///< bisection trials at most (the probe and confirmations apart)
  double low_fraction = 0.5;   ///< the first bracket, as fractions of the probe's drain rate
  double high_fraction = 1.05;
};

class SustainableSearch {
 public:
  /// `peak_rate`: events/s the SUT took during the overload probe (> 0). Throws
  /// std::invalid_argument unless peak_rate > 0, tolerance > 0 and
  /// 0 < low_fraction < high_fraction.
  SustainableSearch(double peak_rate, const SearchSettings& settings = {});
  /// The next rate to try, or nullopt when the search is over.
  std::optional<double> next_rate() const;
  /// The outcome of a trial at `rate` (an invalid trial must not be recorded: retry or stop).
  /// An outcome contradicting a known bound (a pass at or above the lowest failed rate, a
  /// failure at or below the highest passed one) wins: the contradicted bound is forgotten.
  void record(double rate, bool sustainable);
  /// Highest rate found sustainable (0 when none yet) and lowest found unsustainable
  /// (the untested top until one fails: 1.05 R, doubled each time it passes).
  double sustainable_rate() const noexcept { return good_; }
  double unsustainable_rate() const noexcept { return bad_; }
  int trials() const noexcept { return trials_; }
  /// True when the bracket met the tolerance (false: stopped by max_trials).
  bool converged() const noexcept;

 private:
  SearchSettings settings_;
  double peak_;
  double good_ = 0;
  double bad_ = 0;
  bool bad_known_ = false;
  int trials_ = 0;
};

/// Several searches' results combined: the mean of the rates found sustainable; a 95%
/// interval from the Student-t lower bound over those rates to the upper bound over the
/// rates found unsustainable (n >= 2), so both the scatter between repeats and each search's
/// bracket count; one search: its bracket. min and max of the sustainable rates.
struct CombinedRate {
  double estimate = 0;
  double ci_low = 0, ci_high = 0;
  double min = 0, max = 0;
  std::size_t repeats = 0;
};
/// `rates`: each repeat's sustainable rate; `brackets_high`: each one's unsustainable bound
/// (same length, else std::invalid_argument). No repeats: every figure NaN.
/// `pass_margin`: how far over its capacity the SUT may run in a trial the verdict passes
/// (see pass_margin()). A pass at r shows only that the capacity is at least r / (1 +
/// margin), so the interval's low end is lowered to that; otherwise a rate just over the
/// capacity, passed within the margin, would leave the truth below the interval.
CombinedRate combine_repeats(const std::vector<double>& rates, const std::vector<double>& brackets_high,
                             double pass_margin = 0);

/// How far over its capacity, relatively, the SUT's bottleneck may run in a trial that
/// passes, from two sources:
///  - the verdict's slack: work held may grow by `slack` of the offered rate; all of it at
///    a worker serving a share `busiest_share` of the events lets that worker run slack /
///    share over its capacity;
///  - the key split's randomness: with keys drawn at random, the busiest worker's count over
///    a measured window of `window_s` at `rate` is binomial, so in one trial in 20 it falls
///    short of its mean by z sqrt((1 - share) / (rate share window)) relatively or more (z =
///    1.645), and its queue, overloaded by that much on average, stays flat in that trial.
/// Unknown share (0: an external SUT) or one worker (1): the slack alone (exact for one
/// worker at a constant rate; for an external SUT with partitioned keys, too small).
/// Capped at 0.5.
double pass_margin(double slack, double busiest_share, double rate, double window_s);

}  // namespace tare::stream
