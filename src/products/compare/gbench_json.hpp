// Google Benchmark's JSON output (--benchmark_format=json / --benchmark_out) as a tare
// results model, so `tare compare` can read files recorded before tare was adopted, and
// those tare::gbench binaries write.
//
// Google Benchmark runs everything in one process: each repetition becomes one
// single-sample "fork" so the bootstrap resamples repetitions, and the run is marked so
// that reports say process-level variation is unknown.
//
// tare::gbench (context "harness": "tare") runs every benchmark in worker processes. Its row
// for a benchmark without repetitions carries tare's own estimate over them (tare_forks,
// tare_ci_level, tare_ci_low, tare_ci_high beside real_time): that is kept as the
// benchmark's summary (score, forks, interval), and the benchmark has no forks. With
// repetitions each row is one worker process, and becomes one single-sample fork.
//
// Times are per operation per thread, as in tare's own results: Google Benchmark's
// real_time (and tare_ci_*) of a benchmark of T threads is that divided by T.
#pragma once

#include <optional>
#include <string>

#include "compare/compare.hpp"
#include "results/results.hpp"

namespace tare::compare {

/// The marker put in context.warnings of a run read from Google Benchmark's own JSON.
inline constexpr const char* kGbenchWarning =
    "Google Benchmark results: repetitions are samples of one process, so process-level "
    "variation is unknown and intervals are too narrow when processes differ";

/// The marker put in context.warnings of a run read from tare::gbench's JSON with
/// repetitions (rows that are worker processes).
inline constexpr const char* kGbenchTareRepetitionsNote =
    "tare::gbench results with repetitions: each repetition is one worker process, and the intervals are over "
    "them";

/// A Google Benchmark-format file.
struct GbenchFile {
  results::Run run;     ///< every benchmark; those in `summaries` have a score and ci but no forks
  Summaries summaries;  ///< tare::gbench rows without repetitions: tare's estimate over worker processes
  bool from_tare = false;  ///< written by tare::gbench (context "harness": "tare", or tare_* keys in rows)
};

/// Whether a run read from a Google Benchmark-format file holds repetitions as its forks
/// (each one sample): its forks are then spoken of as repetitions.
bool forks_are_repetitions(const results::Run& run);

/// nullopt when `text` is not Google Benchmark JSON (no top-level "benchmarks" whose
/// entries have "run_type" or "real_time" and no tare "schema"). Throws std::runtime_error
/// (one line) when it looks like Google Benchmark JSON but is malformed.
std::optional<GbenchFile> read_gbench_json(const std::string& text);

}  // namespace tare::compare
