// Machine drift: every fork timed the same reference workload before and after measuring.
// How much those times moved over the run is how much the machine's speed moved; dividing
// each fork's mean by its reference time (relative to the run's median) gives scores with
// that movement taken out, a secondary figure for runs on drifting machines.
#pragma once

#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::runner {

/// The fork's reference time: the faster of its before and after timings; 0 none.
double reference_ns(const results::Fork& fork);

/// context.reference_ns (median over every successful fork) and context.drift.
void measure_run_drift(results::Run& run);

/// benchmark.drift from the given forks, normalized to `run_reference_ns`. Needs two forks
/// with reference times; otherwise leaves drift empty.
void measure_benchmark_drift(results::Benchmark& benchmark, const std::vector<const results::Fork*>& forks, Mode mode,
                             double run_reference_ns);

}  // namespace tare::runner
