#pragma once

#include <cstddef>
#include <span>

namespace tare::stats {

// Forks that disagree, e.g. code layout picks one of two speeds per process.
struct Bimodality {
  bool detected = false;
  double low_mean = 0, high_mean = 0;
  std::size_t low_count = 0, high_count = 0;
  double threshold = 0;  // values <= threshold belong to the low mode
};

// Run on the per-fork means. The sorted values are split at the cut that maximises the
// between-cluster sum of squares (1-D two-means / Otsu), with at least 2 values per side.
// Detected when both hold:
//  - the gap between the two cluster means exceeds k(n) pooled within-cluster SDs, where
//    k(n) = max(4, the 99.5th percentile of that same statistic on n normal values);
//  - the gap exceeds `min_relative_gap` of |overall mean| (too small to matter otherwise).
// Why k(n) and not a flat 4: the best of n-3 cuts always finds *some* gap, and on a
// unimodal normal sample of 10 the gap exceeds 4 pooled SDs about 16% of the time
// (n = 20: 4%). k(n) holds the false-alarm rate at about 0.5% per call for normal data;
// it falls from 24.6 at n = 4 and 6.64 at n = 10 to the floor of 4 from n = 35 on. The
// price is power at small n: at n = 10, two equal modes 10 SDs apart are detected 97% of
// the time, 8 SDs apart 81%. Heavy-tailed fork means raise the false-alarm rate.
// The split (means, counts, threshold = midpoint of the gap) is filled in whenever n >= 4,
// detected or not. n < 4 or any non-finite value: default-constructed result.
Bimodality detect_bimodality(std::span<const double> values, double min_relative_gap = 0.02);

}  // namespace tare::stats
