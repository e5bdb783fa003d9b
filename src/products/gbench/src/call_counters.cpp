#include "call_counters.hpp"

#include <algorithm>

namespace tare::gbench {
namespace {

// How many calls every thread has (they end together; a thread that failed may have fewer).
std::size_t common_calls(const std::vector<std::vector<CallReport>>& calls) {
  if (calls.empty()) return 0;
  std::size_t k = calls.front().size();
  for (const auto& thread : calls) k = std::min(k, thread.size());
  return k;
}

}  // namespace

std::map<std::string, CounterValue> counters_over_calls(const std::vector<std::vector<CallReport>>& calls) {
  std::map<std::string, CounterValue> mean;
  const std::size_t n = common_calls(calls);
  for (std::size_t k = 0; k < n; ++k)
    for (const auto& thread : calls)
      for (const auto& [name, counter] : thread[k].counters) {
        CounterValue& c = mean[name];
        c.value += counter.value;
        c.flags = static_cast<int>(counter.flags);
        c.one_k = static_cast<int>(counter.oneK);
      }
  // Summed first, divided once: over integral values (iteration counts) the mean is then
  // exact to the last bit, as run_iterations' is, so their quotient is too.
  for (auto& [name, c] : mean) c.value /= static_cast<double>(n);
  return mean;
}

double run_iterations(const std::vector<std::vector<CallReport>>& calls) {
  const std::size_t n = common_calls(calls);
  double iterations = 0;
  for (std::size_t k = 0; k < n; ++k)
    for (const auto& thread : calls) iterations += static_cast<double>(thread[k].iterations);
  return n > 0 ? iterations / static_cast<double>(n) : 0;
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
