// What `tare ab`'s progress says while pairs run: which pair of how many, and how long the
// rest may take. A sequential comparison (ab/pair_design.hpp) stops at the first look
// where the answer is known, which no one can foresee, or at the last look its budget
// affords at the pace so far: its "of at most N" and its time left are that bound, an
// estimate that leans high, as a run's (analysis/time_left.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "ab/pair_design.hpp"

namespace tare::ab {

/// How a benchmark's pairs are planned.
struct PairPlan {
  PairDesign design;
  std::size_t pairs_per_unit = 1;  ///< 2 under a duet
  std::size_t fixed_pairs = 0;     ///< --pairs N, or rounds x layout variants; 0: sequential
  double budget_seconds = 30;      ///< sequential: the most a benchmark may take
};

/// The most pairs a benchmark runs: fixed_pairs, or sequentially the pairs of the last look
/// the budget affords at `seconds_per_pair` (at least the first look's; the last look's
/// while the pace is unknown, 0).
std::size_t most_pairs(const PairPlan& plan, double seconds_per_pair);

/// Where a comparison stands: the benchmark running (0-based) of how many, its pairs run
/// and the time they took, and the pace of the benchmarks before it (0: none yet).
struct AbStanding {
  std::size_t benchmark = 0, benchmarks = 1;
  std::size_t pairs_done = 0;
  double benchmark_seconds = 0;
  double earlier_seconds_per_pair = 0;
};

/// Seconds per pair: this benchmark's so far, else the earlier benchmarks'; 0 when unknown.
double seconds_per_pair(const AbStanding& standing);

/// The time the rest may take: this benchmark's remaining pairs and every later
/// benchmark's most, at the pace; nullopt while the pace is unknown.
std::optional<double> ab_seconds_left(const PairPlan& plan, const AbStanding& standing);

/// "pair 4 of 6", or sequentially "pair 4 of at most 16".
std::string pair_count_text(const PairPlan& plan, const AbStanding& standing);

}  // namespace tare::ab
