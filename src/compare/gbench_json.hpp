// Google Benchmark's JSON output (--benchmark_format=json / --benchmark_out) as a tare
// results model, so `tare compare` can read files recorded before tare was adopted.
// Google Benchmark runs everything in one process: each repetition becomes one
// single-sample "fork" so the bootstrap resamples repetitions, and the run is marked so
// that reports say process-level variation is unknown.
#pragma once

#include <optional>
#include <string>

#include "results/results.hpp"

namespace tare::compare {

/// The marker put in context.warnings of a run read from Google Benchmark JSON.
inline constexpr const char* kGbenchWarning =
    "Google Benchmark results: repetitions are samples of one process, so process-level "
    "variation is unknown and intervals are too narrow when processes differ";

/// nullopt when `text` is not Google Benchmark JSON (no top-level "benchmarks" whose
/// entries have "run_type" or "real_time" and no tare "schema"). Throws std::runtime_error
/// (one line) when it looks like Google Benchmark JSON but is malformed.
std::optional<results::Run> read_gbench_json(const std::string& text);

}  // namespace tare::compare
