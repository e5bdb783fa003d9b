// The steps of driving one worker through a fork, in protocol terms (worker/protocol.hpp's
// typed messages over a launcher's channel, runner/launcher.hpp). run_fork
// composes them for one benchmark; `tare ab` composes them for two workers in lock-step.
// Every step throws WorkerFailure when the worker breaks the protocol, crashes or hangs.
#pragma once

#include <cstdint>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/launcher.hpp"

namespace tare::runner {

/// The worker's first words: set up, with the memory layout in fork.layout. Fills setup_ns.
void expect_ready(WorkerChannel& worker, results::Fork& fork);

/// `count` samples of `invocations` invocations each.
std::vector<results::Sample> take_samples(WorkerChannel& worker, std::uint64_t invocations, std::uint64_t count);

/// take_samples in two halves, for driving two workers at once: ask for the samples, and
/// later read each of them.
void request_samples(WorkerChannel& worker, std::uint64_t invocations, std::uint64_t count);
results::Sample read_sample(WorkerChannel& worker);

/// The most invocations a batch needs: ten times the target's worth of empty-loop
/// iterations (timed in the worker), since no invocation that does any work costs much
/// less than one. A timed loop the compiler deleted (Google Benchmark's can vanish whole)
/// costs nothing however long it is told to run, and without this bound calibration would
/// grow it, and the floor timed at its size, without end.
std::uint64_t invocation_cap(WorkerChannel& worker, double sample_target_ns, std::uint64_t ops_per_invocation);

/// Grows the batch from `invocations` until a sample reaches the target, or the batch
/// reaches `max_invocations`; the calibration samples go to fork.warmup. Returns the batch
/// size.
std::uint64_t calibrate(WorkerChannel& worker, double sample_target_ns, std::uint64_t max_invocations,
                        results::Fork& fork, std::uint64_t invocations = 1);

/// How long a warmup may and must last. Wall time counts the samples already in
/// fork.warmup (calibration) by their own time, then time as it passes.
struct WarmupBounds {
  double most_wall_ns = 1e9;   ///< give up waiting for a steady state after this
  double least_timed_ns = 0;   ///< never less of the samples' own time (MinWarmUpTime, a known slow start)
  double least_age_ns = 0;     ///< nor before the process is this old (the first fork's horizon, a slow start)
};

/// Warms up until analysis::warmup_settled (the last kWarmupWindow samples show no trend), or the bound passes; never
/// for less than the least bounds.
void warm_up(WorkerChannel& worker, Mode mode, int threads, const WarmupBounds& bounds, std::uint64_t invocations,
               results::Fork& fork);

/// The reference workload's ns per iteration, timed in the worker (drift).
double time_reference(WorkerChannel& worker);

/// The empty operation's ns per op with the same batch.
double measure_floor(WorkerChannel& worker, std::uint64_t invocations);

/// From here on, resource usage counts.
void begin_measurement(WorkerChannel& worker);

/// Trial teardown (timed by the worker), resource usage (allocations too, with --prof
/// alloc), and a clean exit.
void finish(WorkerChannel& worker, results::Fork& fork);

}  // namespace tare::runner
