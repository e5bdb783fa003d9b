// `--metric instructions` for `tare compare` and `tare ab`: the ratio NEW/BASE of the
// instructions per operation callgrind counted (--prof instructions, runner/callgrind_fork).
// A count is the same in every run of the same build: no interval to estimate and no
// bootstrap. The ratio is exact, and the verdict is the ratio against the threshold; where
// repeated counts of one build disagree (a benchmark whose work depends on something that
// changes from run to run), the row's interval spans every pairing of them, and a note says
// so. A gate on it does not move with the machine's other work, as a gate on time does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compare/compare.hpp"
#include "results/results.hpp"

namespace tare::compare {

/// The unit of a row compared by instructions.
inline constexpr const char* kInstructionsUnit = "instructions/op";

/// The benchmark's instructions per operation (the loop's included, as the score includes
/// it), when its file was recorded with --prof instructions.
std::optional<double> counted_instructions_per_op(const results::Benchmark& b);

/// A UsageError naming `path` when no benchmark of `run` has instruction counts.
void require_instruction_counts(const results::Run& run, const std::string& path);

/// One row from the counts of each side, one value per callgrind run (at least one each).
/// `note` is set when the runs of a side disagree.
CompareRow instructions_row(const std::string& name, const std::vector<double>& base, const std::vector<double>& candidate,
                            std::string& note);

/// The verdicts of rows made by instructions_row, and the suite's geometric mean of ratios;
/// sets the report's metric and method.
void decide_instruction_verdicts(CompareReport& report);

/// `tare compare --metric instructions`: every benchmark with counts in both runs; one
/// counted on one side only becomes a row with a problem.
CompareReport compare_instructions(const results::Run& base, const results::Run& candidate, const CompareOptions& options);

}  // namespace tare::compare
