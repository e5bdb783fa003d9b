// `tare compare` over layout variants: each side is several results files, one run of each
// layout variant of its build (tare_layout_variants). A benchmark's score in each variant's
// run is one replicate of its side; the ratio NEW/BASE is taken at that level (the mean of
// the variants' scores with its Student-t interval per side, combined by
// stats::summary_ratio), so the interval includes where the linker put the code: the
// variant is the top level (variant -> fork -> sample).
#pragma once

#include <vector>

#include "compare/compare.hpp"
#include "results/results.hpp"

namespace tare::compare {

/// Compares the benchmarks every run of both sides has. A benchmark that failed in one run,
/// or that some runs of a side lack, becomes a row with a problem. Throws std::runtime_error
/// when the sides have no benchmark in common, or fewer than 2 runs on a side.
CompareReport compare_variant_runs(const std::vector<results::Run>& base, const std::vector<results::Run>& candidate,
                                   const CompareOptions& options);

}  // namespace tare::compare
