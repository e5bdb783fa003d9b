#pragma once

// Kalibera & Jones hierarchical bootstrap. The fork is the unit of replication, so every
// replicate first draws forks with replacement and only then samples within each drawn
// fork. Resampling all samples together as if they were independent is wrong (about 55%
// coverage for a nominal 95% interval when forks differ) and deliberately not offered.

#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace tare::stats {

struct BootstrapOptions {
  std::size_t resamples = 2000;
  double level = 0.95;
  std::uint64_t seed = 1;  // deterministic: same input + seed -> same interval
  // Inner resampling: 1 = single samples (i.i.d.); > 1 = circular blocks of this length
  // within each fork, for dependent samples (see default_block_length). A block as long
  // as the fork only rotates it, so the fork mean then never changes.
  std::size_t block_length = 1;
};

struct BootstrapInterval {
  double estimate = 0;  // the statistic on the original data
  double low = 0, high = 0;
  // 0 when not computed: fewer than 2 non-empty forks, a non-finite value, resamples = 0
  // or a level outside (0, 1). Then low = high = estimate.
  std::size_t resamples = 0;
  double level = 0.95;
};

// Hierarchical bootstrap of the grand mean (mean of fork means, each fork weighs the
// same): forks with replacement, then samples (or blocks) within each drawn fork. Empty
// forks are ignored. Percentile interval over the sorted replicates.
BootstrapInterval hierarchical_bootstrap_mean(const std::vector<std::vector<double>>& forks,
                                              const BootstrapOptions& options = {});

// Same resampling; the statistic is the (type-7) median of all resampled samples taken
// together (each fork contributes its resampled samples, so longer forks weigh more).
BootstrapInterval hierarchical_bootstrap_median(const std::vector<std::vector<double>>& forks,
                                                const BootstrapOptions& options = {});

// The percentile interval of a statistic's bootstrap replicates at `level` (sorts them):
// sorted ranks floor((alpha/2) B) and ceil((1 - alpha/2) B) - 1. Needs B >= 1, no NaN.
std::pair<double, double> percentile_bounds(std::vector<double>& replicates, double level);

// One hierarchical resample (forks, then samples/blocks within each), written into `out`
// (resized as needed, capacity reused): one entry per non-empty fork, each as long as the
// fork it was drawn from. The building block for other statistics. `out` must not be
// `forks`. The same seed gives the same draws as the functions above.
void hierarchical_resample(const std::vector<std::vector<double>>& forks,
                           std::size_t block_length, std::mt19937_64& rng,
                           std::vector<std::vector<double>>& out);

}  // namespace tare::stats
