// Characterisation of a clock: its resolution (the smallest step it can
// show) and its overhead (what one read costs). Generic over the clock so that the
// arithmetic can be checked against a fake clock with a known quantum and cost.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tare::clock {

struct Characterization {
  double resolution_ns = 0;  ///< smallest non-zero step seen between two reads
  double overhead_ns = 0;    ///< cost of one read, back to back
};

namespace detail {

/// A clock that never moves must not hang the caller: after this many reads without a
/// change the spin gives up. A 10 ms jiffies clock read every ~10 ns needs ~10^6 reads,
/// far below this bound.
inline constexpr std::uint64_t kMaxSpinReads = std::uint64_t{1} << 26;
inline constexpr int kResolutionRepeats = 20;

}  // namespace detail

/// `now_ns` is any callable returning the current time in nanoseconds as a double.
///
/// Resolution: 20 times, read t0 and spin until the clock shows something else; the
/// minimum of those steps is the resolution. The minimum (not the mean) because a step can
/// only look longer than a tick when the spin was interrupted or a read straddled a tick.
///
/// Overhead: K back-to-back reads telescope to (t_K - t_0)/K, which is the per-read cost
/// even on a coarse clock (the quantisation error is at most one tick over the whole span,
/// i.e. q/K per read). The median of `repeats` such spans discards the ones an interrupt
/// landed in.
template <class NowNs>
Characterization characterize(NowNs&& now_ns, std::size_t reads_per_repeat = 10000, int repeats = 7) {
  Characterization result;

  double best_step = 0;
  for (int r = 0; r < detail::kResolutionRepeats; ++r) {
    const double t0 = now_ns();
    double t1 = t0;
    for (std::uint64_t spins = 0; t1 == t0 && spins < detail::kMaxSpinReads; ++spins) t1 = now_ns();
    const double step = t1 - t0;
    if (step > 0 && (best_step == 0 || step < best_step)) best_step = step;
    if (step == 0) break;  // the clock is stuck: further spins would only repeat the wait
  }
  result.resolution_ns = best_step;

  if (reads_per_repeat == 0 || repeats <= 0) return result;
  std::vector<double> per_read;
  per_read.reserve(static_cast<std::size_t>(repeats));
  for (int r = 0; r < repeats; ++r) {
    const double t0 = now_ns();
    double tk = t0;
    for (std::size_t k = 0; k < reads_per_repeat; ++k) tk = now_ns();
    per_read.push_back((tk - t0) / static_cast<double>(reads_per_repeat));
  }
  // Median; with an even count the upper middle, which is fine for a cost estimate.
  auto middle = per_read.begin() + static_cast<std::ptrdiff_t>(per_read.size() / 2);
  std::nth_element(per_read.begin(), middle, per_read.end());
  result.overhead_ns = *middle;
  return result;
}

}  // namespace tare::clock
