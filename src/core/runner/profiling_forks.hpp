// The profilers that need an instrument inside the worker (--prof alloc's preloaded
// counter, --prof perf's counters) count in forks of their own, after the timing, as the
// callgrind profilers run a worker of their own: a scored fork never runs with an
// instrument in it, so no profiler's cost enters a score, its interval, the judgement of
// warmup or steady state, or a warning. A profiling fork is an ordinary fork (calibration,
// warmup, the measured samples) whose worker also counts; each profiler has forks of its
// own, so that one's instrument never enters the other's counts.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/stopping.hpp"
#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/fork.hpp"

namespace tare::runner {

/// One profiler's forks: the scored forks' plan with its instrument on (ForkPlan's
/// alloc_library, or its perf events).
struct ProfilingPlan {
  results::Profiler profiler = results::Profiler::alloc;
  ForkPlan plan;
};

/// For every benchmark with a scored fork that ran to the end, and every plan in order:
/// analysis::profiling_forks_wanted forks (of the benchmark's rule's least forks), into
/// Benchmark::profiling_forks. A fork that fails or skips ends that profiler's forks of the
/// benchmark with a warning (code `profiler`); the score stands. Layouts come from `seed`.
/// Returns true when the user interrupted it (a fork the interrupt killed is dropped).
bool run_profiling_forks(results::Run& run, const std::vector<registry::Instance>& instances,
                         const std::vector<ProfilingPlan>& plans, const analysis::StopRule& rule, std::uint64_t seed,
                         bool quiet);

}  // namespace tare::runner
