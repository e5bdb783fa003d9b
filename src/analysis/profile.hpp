// What the profilers a run asked for (--prof) found, per benchmark: each figure per fork,
// then its mean and 95% interval over the forks, as the score is over forks and not over
// samples pooled from them.
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// One figure from its value in each fork: the mean and, over two or more forks, the 95%
/// interval; with no value at all, no mean (NaN) and no forks, which is not zero.
results::ProfileMetric metric_over_forks(results::Profiler profiler, std::string name, std::string unit,
                                         const std::vector<double>& per_fork);

/// The rusage profiler's figures over `forks` (those that ran to the end): minor and major
/// page faults, voluntary and involuntary context switches, each per operation measured,
/// and the peak resident set of the worker (KiB). Empty without forks.
std::vector<results::ProfileMetric> rusage_profile(const std::vector<const results::Fork*>& forks);

/// The alloc profiler's figures over `forks` (those that counted any operation): allocations,
/// frees and bytes allocated, each per operation the counter saw, and the peak of live bytes
/// over the measured batches (B). Empty without such forks.
std::vector<results::ProfileMetric> alloc_profile(const std::vector<const results::Fork*>& forks);

}  // namespace tare::analysis
