// A benchmark's counters over the calls of its function, each call a Google Benchmark run:
// its counters summed over its threads (as Google Benchmark sums a run's), then the calls'
// mean, beside the calls' mean iterations. The parent finishes them as Google Benchmark
// finishes a run's, with those iterations and the run's time (runs.cpp): a counter that
// follows the iterations (2 × iterations(), items processed) and a constant one both come
// out as Google Benchmark gives them for a run of that length.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "call.hpp"

namespace tare::gbench {

/// One counter as it travels to the parent (body.hpp's Reported): the value as the run set
/// it (summed over threads), with its flags.
struct CounterValue {
  double value = 0;
  int flags = 0;
  int one_k = 1000;
};

/// `calls[t][k]`: thread t's k-th call (the threads' calls run side by side, k for k).
std::map<std::string, CounterValue> counters_over_calls(const std::vector<std::vector<CallReport>>& calls);

/// A run's iterations as Google Benchmark counts them (all threads'), the calls' mean.
double run_iterations(const std::vector<std::vector<CallReport>>& calls);

/// The manual time per iteration over the calls (each call's mean over its threads, over the
/// iterations of all threads, as Google Benchmark divides it); 0 without iterations.
double manual_ns_per_iteration(const std::vector<std::vector<CallReport>>& calls);

}  // namespace tare::gbench
