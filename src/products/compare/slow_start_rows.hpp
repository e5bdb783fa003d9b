// What a comparison knows of each benchmark's slow start, said on its row: a start waited
// out (how long, how much slower), or one longer than the watch that could not have been
// seen. `tare ab` watches in its first pair (ab_pair); `tare compare` reads each run's
// first fork's watch.
#pragma once

#include <string>
#include <vector>

#include "compare/compare.hpp"
#include "results/results.hpp"

namespace tare::compare {

/// Each row's slow start from the two runs: the shorter watch, and the longer of the starts
/// each run confirmed (nullopt when neither run watched: a Google Benchmark file, single
/// shots).
void read_slow_starts(CompareReport& report, const results::Run& base, const results::Run& candidate);

/// Notes for the rows: a slow start found, and those watched for less than tare's own
/// second (or not at all), once for all of them; single shots (`single_shots`, by name)
/// measure the cold start on purpose.
void note_slow_starts(CompareReport& report, const std::vector<std::string>& single_shots);

/// The names of a run's single-shot benchmarks.
std::vector<std::string> single_shots(const results::Run& run);

}  // namespace tare::compare
