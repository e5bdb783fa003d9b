#include "run_length.hpp"

#include <algorithm>
#include <string>

namespace tare::gbench {
namespace {

constexpr double kGoogleDefaultMinTimeSeconds = 0.5;
// Processes per benchmark: enough for an interval (t = 2.78 at 4 degrees of freedom) in
// about Google Benchmark's time; a short run takes the fewest whose interval means
// something (t = 4.3; two would give 12.7).
constexpr int kForks = 5;
constexpr int kShortRunForks = 3;
// The least warmup bound: the trend test needs some 20 samples, and a short run's are a
// twentieth of its processes' measured time (analysis::target_sample_ns), so 20 of them
// fit in a few milliseconds.
constexpr double kLeastWarmupMs = 5;
constexpr double kMostWarmupMs = 1000;

bool given(const Flags& f, const std::string& option) {
  for (const auto& arg : f.tare_options)
    if (arg == option || arg.rfind(option + "=", 0) == 0) return true;
  return false;
}

// Each repetition is one process measuring min_time, as each is a run of min_time in
// Google Benchmark.
void apply_repetitions(const Flags& f, double min_time_ms, runner::RunOptions& options) {
  options.min_forks = options.max_forks = *f.repetitions;
  options.budget_seconds = 1e12;
  if (!given(f, "--measure-ms")) options.measure_ms = min_time_ms;
}

void apply_forks(const Flags& f, bool short_run_asked, runner::RunOptions& options) {
  const int forks = short_run_asked ? kShortRunForks : kForks;
  const bool max_given = given(f, "--max-forks");
  if (!given(f, "--forks")) options.min_forks = max_given ? std::min(forks, options.max_forks) : forks;
  // A fixed number of processes, unless the user asked for tare's precision-driven run: all
  // of them, however long a busy machine makes them take (the budget would cut them short).
  if (!max_given && !given(f, "--target-ci") && !given(f, "--budget")) {
    options.max_forks = options.min_forks;
    options.budget_seconds = 1e12;
  }
}

}  // namespace

ProcessLength min_time_process_length(const Flags& f, const runner::RunOptions& options) {
  const bool warmup_given = given(f, "--warmup-max-ms");
  return {given(f, "--measure-ms") ? 0 : options.measure_ms, warmup_given ? 0 : options.warmup_max_ms,
          warmup_given || f.repetitions ? 0 : options.horizon_ms};
}

ProcessLength benchmark_process_length(const ProcessLength& run, double own_measure_ms, int threads, int cpus,
                                       bool cpu_timed) {
  const int sharing = std::min(threads, std::max(cpus, 1));
  if (!cpu_timed || sharing <= 1) return {own_measure_ms, 0, 0};
  const double measure = own_measure_ms > 0 ? own_measure_ms : run.measure_ms;
  const auto share = [&](double run_ms) { return run_ms > 0 ? std::max(kLeastWarmupMs, run_ms / sharing) : 0; };
  return {measure / sharing, share(run.warmup_max_ms), share(run.horizon_ms)};
}

void apply_run_length(const Flags& f, runner::RunOptions& options) {
  if (!given(f, "--target-ci")) options.target_ci_percent = kWideIntervalPercent;
  const bool short_run_asked = short_run(f);
  const double min_time_ms = f.min_time_seconds.value_or(kGoogleDefaultMinTimeSeconds) * 1e3;
  if (f.repetitions) {
    apply_repetitions(f, min_time_ms, options);
  } else {
    apply_forks(f, short_run_asked, options);
    if (!given(f, "--measure-ms")) options.measure_ms = min_time_ms / options.min_forks;
  }
  // A process measures its time, however few samples that is (one call longer than it is one
  // sample, as Google Benchmark reports one run that lasted min_time): a call that alone lasts
  // the process's warmup and measurement is its only sample (the runner's first_sample_serves).
  options.min_samples = 1;
  if (given(f, "--warmup-max-ms")) return;
  // A short run may warm up for min_time in all; otherwise a process warms up at most as
  // long as it measures.
  const double bound = short_run_asked ? min_time_ms : options.measure_ms;
  options.warmup_max_ms = std::min(kMostWarmupMs, std::max(bound, kLeastWarmupMs));
  // The first process of each benchmark watches for a slow start for as long as Google
  // Benchmark measures one (min_time; tare's own second with repetitions, whose processes
  // are long already): a slow start within it is waited out by every process, and a row
  // whose watch was shorter than tare's says so (slow_start_unchecked).
  options.horizon_ms = f.repetitions ? kMostWarmupMs : std::clamp(min_time_ms, kLeastWarmupMs, kMostWarmupMs);
}

}  // namespace tare::gbench
