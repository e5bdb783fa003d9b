// A benchmark's pairs when each side is a set of layout variants of its build: the variant,
// not the pair, is the top level of the interval (placement moves a function by more than
// a pair's own noise).
#pragma once

#include <cstddef>
#include <vector>

#include "ab/ab_listing.hpp"
#include "ab/ab_pair.hpp"
#include "ab/ab_run.hpp"
#include "compare/compare.hpp"

namespace tare::ab {

/// Layout variants: round after round, one pair per variant (variant k of the base with
/// variant k of the new build, the variants in a shuffled order); a variant's log-ratio is
/// the mean of its pairs', and the interval is over the variants (one look). Returns the
/// variants' log-ratios. Throws WorkerFailure when a worker fails.
std::vector<double> run_variants(AbRun& run, const Builds& builds, const Listed& b, compare::CompareRow& row);

/// Pairs per variant: `pairs` (the total asked for, 0: the default of 1 per variant) spread
/// over `variants`, at least 1, and even under a duet (each variant's pairs swap CPUs).
std::size_t rounds_per_variant(int pairs, std::size_t variants, bool duet);

}  // namespace tare::ab
