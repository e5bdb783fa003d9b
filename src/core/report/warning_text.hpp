// How the console words warnings when it does not print each in full: the short label that
// marks an unusable score in the table, and the one line that stands for a kind of note
// (or a machine-level warning) across every benchmark it came with.
#pragma once

#include "results/results.hpp"

namespace tare::report::detail {

/// Shown by default: not acknowledged (acknowledged ones only with --verbose).
bool shown_by_default(const results::Warning& warning);

/// The benchmark has a warning that says its number is not to be used (acknowledged ones
/// excepted).
const results::Warning* first_unusable(const results::Benchmark& benchmark);

/// Said of the machine rather than the code (drift, a busy machine, disturbed samples):
/// printed once per run, with the benchmarks it touched.
bool about_the_machine(results::WarningCode code);

/// A few words for the table's last column: "optimised away?", "no -O".
const char* short_label(results::WarningCode code);

/// The line that stands for every warning of this code (notes and machine-level ones).
const char* grouped_headline(results::WarningCode code);

}  // namespace tare::report::detail
