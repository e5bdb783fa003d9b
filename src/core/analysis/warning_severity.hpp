// How much each kind of warning weighs: whether the number it comes with may be used at
// all, used with care, or just read with some context. One table, so the console, the
// JSON and scripts agree on it.
#pragma once

#include <string>

#include "results/results.hpp"
#include "tare/warning.hpp"

namespace tare::analysis {

results::Severity severity_of(results::WarningCode code);

/// The code of a warning a benchmark may acknowledge.
results::WarningCode code_of(Warning acknowledgeable);

/// Appends a finding of this code, with the code's severity, the facts it rests on and what
/// to do, to the benchmark's warnings (the report words it).
void warn(results::Benchmark& benchmark, results::WarningCode code, results::Facts facts = {},
          results::Advice advice = {});

/// Appends a warning already in words: the runner's, around another component's message (a
/// profiler's failure, an interrupted run).
void warn(results::Benchmark& benchmark, results::WarningCode code, std::string text);

}  // namespace tare::analysis
