#include "call_counters.hpp"

#include <algorithm>

namespace tare::gbench {
namespace {

using benchmark::Counter;

// How many calls every thread has (they end together; a thread that failed may have fewer).
std::size_t common_calls(const std::vector<std::vector<CallReport>>& calls) {
  if (calls.empty()) return 0;
  std::size_t k = calls.front().size();
  for (const auto& thread : calls) k = std::min(k, thread.size());
  return k;
}

// Call k's counters summed over its threads, finished as Google Benchmark finishes a run's
// but for the rate's division by time and the inversion.
struct FinishedCall {
  double iterations = 0;
  std::map<std::string, CounterValue> counters;
};

FinishedCall finish_call(const std::vector<std::vector<CallReport>>& calls, std::size_t k) {
  FinishedCall call;
  std::map<std::string, Counter> sums;
  for (const auto& thread : calls) {
    const CallReport& report = thread[k];
    call.iterations += static_cast<double>(report.iterations);
    for (const auto& [name, counter] : report.counters) {
      auto [it, inserted] = sums.emplace(name, counter);
      if (!inserted) it->second.value += counter.value;
    }
  }
  const double threads = static_cast<double>(calls.size());
  for (const auto& [name, counter] : sums) {
    double v = counter.value;
    if (counter.flags & Counter::kAvgThreads) v /= threads;
    if (counter.flags & Counter::kIsIterationInvariant) v *= call.iterations;
    if (counter.flags & Counter::kAvgIterations) v /= call.iterations;
    call.counters[name] = {v, static_cast<int>(counter.flags), static_cast<int>(counter.oneK)};
  }
  return call;
}

}  // namespace

std::map<std::string, CounterValue> counters_over_calls(const std::vector<std::vector<CallReport>>& calls) {
  std::map<std::string, CounterValue> combined;
  std::map<std::string, double> weights;
  for (std::size_t k = 0, n = common_calls(calls); k < n; ++k) {
    const FinishedCall call = finish_call(calls, k);
    if (call.iterations <= 0) continue;
    for (const auto& [name, counter] : call.counters) {
      CounterValue& c = combined[name];
      c.flags = counter.flags;
      c.one_k = counter.one_k;
      // A rate's amount adds up over the calls' iterations; any other value is the calls'
      // mean, weighed by their iterations.
      const bool rate = (counter.flags & Counter::kIsRate) != 0;
      c.value += rate ? counter.value : counter.value * call.iterations;
      weights[name] += call.iterations;
    }
  }
  for (auto& [name, counter] : combined) counter.value /= weights[name];
  return combined;
}

double run_iterations(const std::vector<std::vector<CallReport>>& calls) {
  double sum = 0, squares = 0;
  for (std::size_t k = 0, n = common_calls(calls); k < n; ++k) {
    double iterations = 0;
    for (const auto& thread : calls) iterations += static_cast<double>(thread[k].iterations);
    sum += iterations;
    squares += iterations * iterations;
  }
  return sum > 0 ? squares / sum : 0;
}

double manual_ns_per_iteration(const std::vector<std::vector<CallReport>>& calls) {
  double manual = 0, iterations = 0;
  for (std::size_t k = 0, n = common_calls(calls); k < n; ++k) {
    double sum = 0;
    for (const auto& thread : calls) {
      sum += thread[k].manual_ns;
      iterations += static_cast<double>(thread[k].iterations);
    }
    manual += sum / static_cast<double>(calls.size());
  }
  return iterations > 0 ? manual / iterations : 0;
}

}  // namespace tare::gbench
