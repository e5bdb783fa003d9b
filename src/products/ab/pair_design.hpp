// How many pairs `tare ab` runs. Sequentially (the default): pairs are added, and the
// interval looked at after 3, 4, 5, 6, 8, ... units (a unit is a pair; with --duet, two
// pairs whose sides swapped CPUs), until the answer is known (compare/ratio_verdict.hpp:
// answer_known) or the budget or the most units are spent. The intervals are repeated
// confidence intervals (stats/sequential.hpp): at every look one per-look level, chosen so
// that the intervals of all looks, and of all the benchmarks compared, hold together with
// probability 95%. Stopping when the answer looks known therefore cannot inflate the error
// rates, which a 95% t-interval looked at after every few pairs would (to about 20%).
// Fixed (--pairs N): one look after N pairs.
#pragma once

#include <cstddef>
#include <vector>

namespace tare::ab {

struct PairDesign {
  std::vector<std::size_t> looks;  ///< unit counts after which the interval is looked at
  double look_level = 0.95;        ///< the confidence level of the interval at each look
};

/// Looks from 3 units to `most_units`; the 5% error shared by `benchmarks` comparisons
/// (Bonferroni) and spread over the looks.
PairDesign sequential_design(std::size_t most_units, std::size_t benchmarks);

/// One look after `units` (>= 2) units, at the 5% error shared by `benchmarks` comparisons.
PairDesign fixed_design(std::size_t units, std::size_t benchmarks);

/// Whether the units up to `next_look` fit in `budget_seconds`, at the pace of the `units`
/// done in `elapsed_seconds`.
bool next_look_fits(double elapsed_seconds, std::size_t units, std::size_t next_look, double budget_seconds);

}  // namespace tare::ab
