// How long a benchmark runs, in Google Benchmark's terms: --benchmark_min_time (0.5 s unless
// given) is the measured time of a benchmark in all, spread over a fixed number of worker
// processes (5; 3 for a short run, below 0.5 s), each warmed up for at most as long as it
// measures; --benchmark_repetitions=R is exactly R processes, each measuring min_time. So a
// benchmark takes about as long as under Google Benchmark. A process takes as many samples as
// fill its measurement, one at least: a call of the benchmark function that alone lasts the
// process's warmup and measurement is its only sample. tare's own options win where
// given, and --target-ci, --budget or --max-forks turn on tare's precision-driven run (more
// processes until the interval is within the target).
#pragma once

#include "flags.hpp"
#include "runner/options.hpp"

namespace tare::gbench {

/// The interval, relative, above which a Google Benchmark-length run warns that its
/// interval stayed wide (tare's own --target-ci, when given, replaces it).
constexpr double kWideIntervalPercent = 3;

/// `options` (tare's, as parsed from the command line) with Google Benchmark's run length.
void apply_run_length(const Flags& flags, runner::RunOptions& options);

}  // namespace tare::gbench
