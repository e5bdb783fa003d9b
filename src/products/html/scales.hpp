// Axes and bins fitted to samples: pure arithmetic on plain numbers, apart from drawing, so
// that what a chart's axes span and how a histogram is cut have known answers.
#pragma once

#include <cstddef>
#include <vector>

#include "html/plot.hpp"

namespace tare::html {

/// The value below which a share `p` of `values` lies (linear between order statistics).
double quantile(std::vector<double> values, double p);

/// How many of `values` lie below and above `range`: samples a chart draws at its edge.
struct Beyond {
  std::size_t below = 0, above = 0;
  std::size_t total() const { return below + above; }
};
Beyond beyond(const std::vector<double>& values, Range range);

/// A histogram's cut: `count` bins of equal width over `range`.
struct Bins {
  Range range;
  int count = 1;
  double width() const { return (range.high - range.low) / count; }
  /// The bin `value` falls in; -1 below the range, `count` above it (the top edge is in the last bin).
  int of(double value) const;
};

inline constexpr int kFewestBins = 8;
inline constexpr int kMostBins = 100;

/// Bins over the whole range of `values`, Freedman–Diaconis wide (2 IQR / n^(1/3)) where the
/// interquartile range is not zero, else Sturges's count; between kFewestBins and kMostBins,
/// so that values that differ never fall in one bar. One bin when all values are equal.
Bins histogram_bins(const std::vector<double>& values);

/// Per bin, how many of `values` fall in it; values beyond the bins' range are not counted.
std::vector<int> bin_counts(const std::vector<double>& values, const Bins& bins);

/// The warmup samples timed like the measured ones (after calibration) that other work left
/// alone: what a warmup panel's y axis takes in besides the measured range.
struct SettledWarmup {
  std::vector<double> starts;  ///< each fork's first few: a slow start is what warmup is there for
  std::vector<double> rest;    ///< the others
};

/// The y range of the warmup panel: the measured range widened to take in the settled
/// warmup's starts whole and the rest but for its highest and lowest 0.5% (a lone spike
/// would flatten everything else), with a margin on the side it widens.
Range warmup_range(const SettledWarmup& settled, Range measured);

}  // namespace tare::html
