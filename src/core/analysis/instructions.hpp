// Instructions per operation from callgrind's counts (--prof instructions). The counts are
// exact and the same in every run of the same build, so there is one value and no interval:
// the difference of batches of N and 2N invocations is N invocations' worth, without what
// every batch costs once (entering the loop, reading the clock).
#pragma once

#include <optional>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// Instructions per operation of the benchmark's timed loop, the loop's own included.
double instructions_per_op(const results::InstructionCounts& counts);
/// The same for the empty operation in the same kind of loop: what the harness adds per
/// operation. The body's own is the difference.
double empty_loop_instructions_per_op(const results::InstructionCounts& counts);

/// Of instructions_per_op, those counted at rep-prefixed string instructions (rep stos,
/// rep movs, ...), which callgrind counts once per iteration and once more where each
/// ends; nullopt when they were not looked for.
std::optional<double> rep_string_instructions_per_op(const results::InstructionCounts& counts);

/// The profile rows: "instructions" and "empty_loop_instructions", per operation, one
/// worker; and "rep_string_instructions" when the counts have them.
std::vector<results::ProfileMetric> instructions_profile(const results::InstructionCounts& counts);

}  // namespace tare::analysis
