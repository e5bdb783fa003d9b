// What tare adds under Google Benchmark's report: each benchmark's interval over its worker
// processes, the warnings (optimised away, no steady state, forks that disagree, ...) and the
// machine's, and what a short run (--benchmark_min_time below 0.5 s) left out.
#pragma once

#include <ostream>

#include "flags.hpp"
#include "results/results.hpp"
#include "runner/options.hpp"

namespace tare::gbench {

void write_notes(const results::Run& run, const Flags& flags, const runner::RunOptions& options, std::ostream& out);

}  // namespace tare::gbench
