// The console's lines on what the intervals take in from other runs: the machine's speed
// between runs and, once a benchmark's own past runs serve, that spread and where it came
// from (results::AcrossRuns). Nothing when no history is kept (TARE_HISTORY=off).
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::report {

/// "machine speed between runs: 2.0% (SD of the reference workload over the last 7 runs on
/// this machine); the intervals include it", and when a benchmark's own past runs served,
/// "spread between runs: 0.64% from the benchmark's own past runs (12 runs, shrunk toward
/// the machine's speed); the interval includes it".
std::vector<std::string> between_runs_lines(const results::Run& run);

}  // namespace tare::report
