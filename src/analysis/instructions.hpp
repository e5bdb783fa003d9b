// Instructions per operation from callgrind's counts (--prof instructions). The counts are
// exact and the same in every run of the same build, so there is one value and no interval:
// the difference of batches of N and 2N invocations is N invocations' worth, without what
// every batch costs once (entering the loop, reading the clock).
#pragma once

#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// Instructions per operation of the benchmark's timed loop, the loop's own included.
double instructions_per_op(const results::InstructionCounts& counts);
/// The same for the empty operation in the same kind of loop: what the harness adds per
/// operation. The body's own is the difference.
double empty_loop_instructions_per_op(const results::InstructionCounts& counts);

/// The profile rows: "instructions" and "empty_loop_instructions", per operation, one worker.
std::vector<results::ProfileMetric> instructions_profile(const results::InstructionCounts& counts);

}  // namespace tare::analysis
