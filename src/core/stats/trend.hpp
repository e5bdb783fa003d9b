#pragma once

#include <span>

namespace tare::stats {

// The evidence used to decide that warmup is over.
struct TrendTest {
  double slope = 0;        // OLS slope per sample index
  double drift = 0;        // fitted change across the window: slope * (n-1), relative to |mean|
  double t_statistic = 0;  // slope / SE(slope)
  bool steady = false;
};

// A window is steady unless it shows a change that is both material (larger than
// `tolerance`, relative, e.g. 0.01) and statistically real:
//  - trend: |drift| > tolerance AND |t| > Student-t 0.995 quantile with n-2 df;
//  - step:  the means of the first and second halves differ by more than tolerance of
//           |mean| AND a two-sided Welch t-test between the halves is significant at 0.01.
//           A line fitted through a step under-weights it; the halves catch it.
// Requiring both size and significance keeps noisy-but-flat windows steady and keeps
// tiny-but-real drifts (well under the tolerance) from blocking the measurement forever.
// Needs n >= 6 finite values; otherwise steady = false and the other fields are 0.
TrendTest trend_test(std::span<const double> window, double tolerance = 0.01);

}  // namespace tare::stats
