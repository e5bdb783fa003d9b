// Runs for the reporter tests: one with every field of the model set to a non-default
// value (so a field that the JSON round trip drops cannot hide), and small typical ones.
#pragma once

#include <string>

#include "results/results.hpp"

namespace tare::report::testing {

/// Every field set, two benchmarks (one with counters and percentiles, one failed),
/// unicode in strings, parameters not in alphabetical order.
results::Run full_run();

/// A realistic console run: avgt, thrpt, sample mode, a failed benchmark, warnings,
/// counters, context warnings.
results::Run console_run();

/// The run as tare's results JSON (report::write_json).
std::string to_text(const results::Run& run);

}  // namespace tare::report::testing
