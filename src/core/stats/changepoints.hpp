#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace tare::stats {

// Indices of values outside median ± 5·MAD of a centred window of `window` values (MAD
// scaled to a normal SD; the window clamped to the series ends, so short series are still
// filtered; window = min(window, n)). Spread below `min_spread` is raised to it (quantized
// data: the MAD can be 0). Sorted ascending.
// After Barrett et al.'s (OOPSLA 2017) rolling filter, which lets a level shift (what the
// changepoint search should find) stand while a spike far from its neighbours goes. Their
// fence, median ± 3·(P90 − P10), lets through interference that hits one sample in six (as
// a timer tick or a neighbour's periodic work does on shared machines): P90 then lies among
// the spikes. The MAD tolerates up to half of the window being disturbed. The comparison is
// strict, so a value equal to the median is never flagged. Non-finite values are always
// flagged and left out of every window.
std::vector<std::size_t> rolling_outliers(std::span<const double> xs, std::size_t window = 200,
                                          double min_spread = 0);

struct ChangepointOptions {
  double penalty = -1;          // < 0: 15 · ln n (Barrett's conservative choice)
  double variance_floor = 0;    // lower bound of a segment's variance (q²/12 for clock
                                // quantization q)
  std::size_t min_segment = 2;  // 0 is treated as 1
};

// PELT, normal mean-and-variance cost. Returns the indices where each new segment begins,
// ascending, each in (0, n). Empty for n < 2·min_segment.
// The model of R's changepoint::cpt.meanvar (Killick et al. 2012): segment cost m·ln σ̂²
// (MLE variance), `penalty` per changepoint. Each segment's variance is floored at
// max(variance_floor, 1e-10 × the series' variance), so runs of equal values cannot drive a
// cost to −∞; with variance_floor 0 the result does not change when the values are shifted
// or scaled. Any non-finite value: empty.
// Cost: about linear when changes recur, but a stretch without one cannot be pruned (every
// split of homogeneous data fits better before the penalty), so a series with no change is
// O(n²): n = 10,000 takes about half a second.
std::vector<std::size_t> pelt_meanvar(std::span<const double> xs,
                                      const ChangepointOptions& options = {});

struct Segment {
  std::size_t begin = 0, end = 0;  // [begin, end)
  double mean = 0, variance = 0;
};

// The segments the changepoints cut xs into (variance: unbiased, 0 for one value).
// Changepoints that are not ascending inside (0, n) are skipped. Empty xs: no segments.
std::vector<Segment> segments(std::span<const double> xs,
                              std::span<const std::size_t> changepoints);

}  // namespace tare::stats
