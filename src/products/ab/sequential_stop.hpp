// When `tare ab` stops adding pairs to a benchmark's comparison (sequential design,
// ab/pair_design.hpp): after each look, the answer known (compare/ratio_verdict.hpp:
// answer_known), the last look reached, or the next look not fitting the budget at the
// pace so far; else it goes on. Pure: the pairs themselves are run in ab/run_paired.
#pragma once

#include <cstddef>
#include <optional>

#include "ab/pair_design.hpp"
#include "compare/compare.hpp"
#include "compare/ratio_verdict.hpp"

namespace tare::ab {

/// Why the comparison stops after look `look_index` of `design` with interval `ratio`, or
/// nullopt to run the pairs of the next look. `elapsed_seconds`: the time the looks so far
/// took; `budget_seconds`: what the benchmark may take.
std::optional<compare::CompareRow::Stop> sequential_stop(const compare::TimeRatio& ratio, double threshold,
                                                         const PairDesign& design, std::size_t look_index,
                                                         double elapsed_seconds, double budget_seconds);

}  // namespace tare::ab
