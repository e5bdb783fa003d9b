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

/// A benchmark's measured time per process: its own (MinTime), else the run's from
/// Google Benchmark's min_time (0: neither, tare's own --measure-ms stands).
struct ProcessMeasure {
  double own_ms = 0;
  double run_ms = 0;
};

/// A benchmark's measured time per process in a sample's time (the mean over its threads'
/// times; 0: the run's own stands), on a machine of `cpus` CPUs. Google Benchmark's min_time
/// counts CPU time summed over a run's threads (its default timing; real and manual time
/// are one thread's), so a multi-threaded benchmark timed on CPU measures all its threads'
/// CPU time: each thread's share of it, and with more threads than CPUs (where a thread's
/// time runs on while it waits for a CPU) each CPU's. A MinTime of its own wins over the run's.
double thread_measure_ms(const ProcessMeasure& measure, int threads, int cpus, bool cpu_timed);

/// The measured time per process that Google Benchmark's min_time gave `options`
/// (apply_run_length), which a multi-threaded benchmark timed on CPU shares among its
/// threads, as Google Benchmark sums its threads' CPU time; 0 when tare's --measure-ms set it.
double min_time_measure_ms(const Flags& flags, const runner::RunOptions& options);

}  // namespace tare::gbench
