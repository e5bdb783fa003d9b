// What the profilers a run asked for (--prof) found, per benchmark: each figure per fork,
// then its mean and 95% interval over the forks, as the score is over forks and not over
// samples pooled from them. The profilers that need an instrument in the worker (alloc,
// perf) count in forks of their own, never scored (results::ProfilingFork).
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// The most forks a profiler that counts in forks of its own runs per benchmark: enough to
/// see whether a count repeats, and an interval over them when it does not.
inline constexpr int kMostProfilingForks = 3;

/// How many forks each such profiler runs for a benchmark whose scored forks were to be at
/// least `min_forks`: as many, up to kMostProfilingForks, and at least one.
int profiling_forks_wanted(int min_forks);

/// The forks of `b` that `profiler` counted in (ran to the end).
std::vector<const results::Fork*> profiling_forks_of(const results::Benchmark& b, results::Profiler profiler);

/// One figure from its value in each fork: the mean and, over two or more forks, the 95%
/// interval; with no value at all, no mean (NaN) and no forks, which is not zero. Exact
/// when every fork's value is the same whole number (that number, an interval of no width).
results::ProfileMetric metric_over_forks(results::Profiler profiler, std::string name, std::string unit,
                                         const std::vector<double>& per_fork);

/// The same whole number in every one of `per_fork` (at least one): a count that repeats.
bool same_whole_number(const std::vector<double>& per_fork);

/// The rusage profiler's figures over `forks` (those that ran to the end): minor and major
/// page faults, voluntary and involuntary context switches, each per operation measured,
/// and the peak resident set of the worker (KiB). Empty without forks.
std::vector<results::ProfileMetric> rusage_profile(const std::vector<const results::Fork*>& forks);

/// The alloc profiler's figures over `forks` (its counting forks; those that counted any
/// operation): allocations, frees and bytes allocated, each per operation the counter saw,
/// and the peak of live bytes over the measured batches (B). Empty without such forks.
std::vector<results::ProfileMetric> alloc_profile(const std::vector<const results::Fork*>& forks);

}  // namespace tare::analysis
