// A benchmark's pairs when each side is one binary: pairs added look after look of the
// design (ab/pair_design.hpp) until the answer is known or the budget or the looks are
// spent (ab/sequential_stop.hpp), or exactly --pairs N.
#pragma once

#include <vector>

#include "ab/ab_listing.hpp"
#include "ab/ab_pair.hpp"
#include "ab/ab_run.hpp"
#include "compare/compare.hpp"

namespace tare::ab {

/// One binary per side: pairs run and the interval looked at after each look of the design;
/// in a sequential design, until the answer is known or the budget or the looks are spent.
/// Fills the row's ratio, sides, pairs and stop, and returns the log-ratios the interval is
/// over (a duet's: one per two pairs). Throws WorkerFailure when a worker fails.
std::vector<double> run_paired(AbRun& run, const PairBinaries& binaries, const Listed& b, compare::CompareRow& row);

}  // namespace tare::ab
