// `tare ab` asks, for each benchmark, whether the two builds run the same machine code in its
// timed loop (runner/timed_code: one callgrind worker per side, the executed functions
// disassembled and hashed with addresses normalised). Same code whose time differs is a
// difference of placement when it sits elsewhere, not of the benchmark (compare/code_match).
// Byte-identical builds need none of it: their code is the same at the same addresses.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ab/ab_listing.hpp"
#include "ab/ab_pair.hpp"
#include "compare/compare.hpp"
#include "runner/hot_code_profile.hpp"

namespace tare::ab {

/// Whether each binary of the base is byte-identical to the new build's of the same place
/// (one each, or layout variant k with variant k): the same file given twice, or a copy.
bool identical_builds(const std::vector<std::string>& base, const std::vector<std::string>& candidate);

/// valgrind and objdump when both are on PATH; otherwise nullopt and a note that the code
/// was not compared, naming what to install.
std::optional<runner::HotCodeTools> find_code_tools(std::vector<std::string>& notes);

/// Compares benchmark `b`'s timed code in the two binaries: fills row.code, or adds a note
/// saying why it could not (a benchmark of several threads; callgrind or objdump failing).
/// Both sides' counted batches come after the same commands to their workers, so that a
/// benchmark carrying state from call to call executes the same instructions in both.
void check_timed_code(const runner::HotCodeTools& tools, const PairBinaries& binaries, const Listed& b,
                      double timeout_seconds, compare::CompareRow& row, std::vector<std::string>& notes);

}  // namespace tare::ab
