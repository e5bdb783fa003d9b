// One fork of one benchmark: start a fresh worker, time the reference workload (not in a
// brief fork), calibrate the batch, warm up until the recent samples show no trend (bounded
// by time), measure the empty-operation floor, take the measured samples, time the
// reference workload again, tear down; then let the whole series decide where the steady state began
// (fork_analysis). The first fork of a benchmark warms up to the horizon, however steady,
// to see a slow start longer than a fork (slow_start). When one measured sample is enough
// (min_samples 1: the Google Benchmark layer's runs), a first sample of one invocation that
// lasted the fork's measurement and its warmup bound is the fork's measurement, with nothing
// before it (analysis::first_sample_serves). The policy lives here; the worker only obeys.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/launcher.hpp"

namespace tare::runner {

struct ForkPlan {
  const Launcher* launcher = &local_launcher();  ///< how the fork's worker is started
  std::string executable;
  double tsc_ghz = 0;                 ///< passed to the worker; 0 = CLOCK_MONOTONIC
  std::uint64_t layout_seed = 0;
  /// How long a sample aims to last: run_fork sets it from the clock and the measured time
  /// (analysis::target_sample_ns).
  double sample_target_ns = 1e6;
  double clock_resolution_ns = 0;     ///< quantization of a sample's time (changepoint variance floor)
  double clock_overhead_ns = 0;       ///< the cost of a clock read
  double steady_band = 0.05;          ///< relative: smaller changes of speed are one steady state
  double warmup_max_ns = 1e9;         ///< warmup gives up (no steady state) after this
  double horizon_ns = 1e9;            ///< how long a first fork watches for a slow start
  /// Warm up until the process is horizon_ns old however steady it looks, and judge the
  /// speed by process age (the first fork of a benchmark: fork.slow_start).
  bool to_horizon = false;
  double warmup_until_age_ns = 0;     ///< warm up until the process is this old (a slow start the first fork found)
  double measure_ns = 1e8;            ///< measured time per fork
  double invocation_ns = 0;           ///< the time per invocation earlier forks measured (0: none)
  int min_samples = 5;                ///< measured samples per fork, however long they are (1: see above)
  double timeout_seconds = 30;
  /// --prof perf's profiling forks (never a scored one): the events the worker counts
  /// (perf::events_to_text; "" for none) and their names, in the same order.
  std::string perf_events;
  std::vector<std::string> perf_event_names;
  /// --prof alloc's profiling forks (never a scored one): the allocation counter preloaded
  /// into the worker (empty: none).
  std::string alloc_library;
};

/// A fork whose warmup bound and measurement together are shorter than this is brief: its
/// two readings of the reference workload would be a few milliseconds apart, where nothing
/// drifts, and each costs about 1.5 ms, a tenth of such a fork.
inline constexpr double kBriefForkNs = 1e8;

/// Whether the fork reads the reference workload only once, after its measurement (a brief
/// fork's); otherwise before its calibration and after its measurement.
bool reads_reference_once(const ForkPlan& plan);

/// Runs one fork; the benchmark's own RunSettings override the plan's. Failures of the
/// worker are recorded in the returned Fork (ok = false, error says why; skipped when the
/// benchmark skipped itself), never thrown; only Interrupted propagates.
results::Fork run_fork(const registry::Instance& instance, ForkPlan plan);

}  // namespace tare::runner
