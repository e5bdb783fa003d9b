// Machine drift: every fork timed the same reference workload before and after measuring.
// How much those times moved over the run is how much the machine's speed moved; dividing
// each fork's mean by its reference time (relative to the run's median) gives scores with
// that movement taken out, a secondary figure for runs on drifting machines.
#pragma once

#include <optional>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// How far the machine's drift could have moved a benchmark's score. The benchmark's
/// sensitivity to the machine is the Theil-Sen slope of log(fork mean) on log(reference
/// time) over its forks (1: it slows as the reference does; 0: it does not feel it), taken
/// at Sen's one-sided 95% lower bound so that noise alone rarely makes it positive. The
/// shift is that bound times the largest distance, in log reference time, from the forks'
/// mean to the slowest or the fastest fork: how much the score would move had the whole
/// run been at that machine speed.
struct DriftEffect {
  double sensitivity = 0;      ///< the fitted slope (negated for throughput)
  double sensitivity_low = 0;  ///< its one-sided 95% lower bound, at least 0
  double shift = 0;            ///< the score's possible relative shift
};

/// nullopt with fewer than three forks with reference times, or references that do not vary.
std::optional<DriftEffect> drift_effect(const std::vector<const results::Fork*>& forks, Mode mode);

/// The fork's reference time: the faster of its before and after timings; 0 none.
double reference_ns(const results::Fork& fork);

/// context.reference_ns (median over every successful fork) and context.drift.
void measure_run_drift(results::Run& run);

/// benchmark.drift from the given forks, normalized to `run_reference_ns`. Needs two forks
/// with reference times; otherwise leaves drift empty.
void measure_benchmark_drift(results::Benchmark& benchmark, const std::vector<const results::Fork*>& forks, Mode mode,
                             double run_reference_ns);

}  // namespace tare::analysis
