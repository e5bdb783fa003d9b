// A benchmark's counters over the calls of its function, each call a Google Benchmark run:
// its counters summed over its threads and finished with its own iterations, as Google
// Benchmark finishes a run's, then combined over the calls. A rate is kept as its amount per
// iteration, so that the parent divides it by the time per iteration it reports (a rate is
// then exactly the value over the time shown beside it); kInvert is left to the parent too.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "call.hpp"

namespace tare::gbench {

/// One counter as it travels to the parent (body.hpp's Reported).
struct CounterValue {
  double value = 0;  ///< finished but for kInvert; a rate: its amount per iteration
  int flags = 0;
  int one_k = 1000;
};

/// `calls[t][k]`: thread t's k-th call (the threads' calls run side by side, k for k).
std::map<std::string, CounterValue> counters_over_calls(const std::vector<std::vector<CallReport>>& calls);

/// A run's iterations as Google Benchmark reports them, over the calls: each call's summed
/// over its threads, the calls' mean weighed by their iterations (so that a counter finished
/// per call, say 2 × iterations(), is the run's iterations it is shown beside).
double run_iterations(const std::vector<std::vector<CallReport>>& calls);

/// The manual time per iteration over the calls (each call's mean over its threads, over the
/// iterations of all threads, as Google Benchmark divides it); 0 without iterations.
double manual_ns_per_iteration(const std::vector<std::vector<CallReport>>& calls);

}  // namespace tare::gbench
