// What --prof perf found for a benchmark: each counter per operation in each fork, scaled
// for multiplexing, then its mean and 95% interval over the forks, as the score is.
#pragma once

#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// One figure per event the forks counted (in their order), unit "/op": in each fork
/// value × enabled / running over the operations of its measured samples, then mean and
/// interval over the forks where the event ran, and the mean share of time it ran
/// (time_counted). An event that never ran in any fork is a figure with forks 0, no mean
/// (NaN) and time_counted 0: not counted, which is not zero. Empty without counted forks.
std::vector<results::ProfileMetric> perf_profile(const std::vector<const results::Fork*>& forks);

}  // namespace tare::analysis
