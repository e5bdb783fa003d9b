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

/// A process's measured time, its warmup's bound, and how long a benchmark's first process
/// watches for a slow start (0: not set here).
struct ProcessLength {
  double measure_ms = 0;
  double warmup_max_ms = 0;
  double horizon_ms = 0;
};

/// What Google Benchmark's min_time gave each process of the run (apply_run_length), for a
/// multi-threaded benchmark to share among its threads; 0 where tare's own --measure-ms or
/// --warmup-max-ms set it (and the watch with repetitions, tare's own second).
ProcessLength min_time_process_length(const Flags& flags, const runner::RunOptions& options);

/// A benchmark's own measured time and warmup bound per process, in a sample's time (the
/// mean over its threads' times; 0: the run's stand), on a machine of `cpus` CPUs, from the
/// run's (min_time_process_length) and its own MinTime (`own_measure_ms`, 0: none). Google
/// Benchmark's min_time counts CPU time summed over a run's threads (its default timing;
/// real and manual time are one thread's), so a multi-threaded benchmark timed on CPU
/// measures all its threads' CPU time: each thread's share of it, and with more threads than
/// CPUs (where a thread's time runs on while it waits for a CPU) each CPU's; it warms up,
/// as every process does, for at most as long as it measures (at least 20 ms), and its first
/// process watches for a slow start for as long as Google Benchmark measures it (its share
/// of the run's watch, at least 20 ms).
ProcessLength benchmark_process_length(const ProcessLength& run, double own_measure_ms, int threads, int cpus,
                                       bool cpu_timed);

}  // namespace tare::gbench
