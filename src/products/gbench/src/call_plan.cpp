#include "call_plan.hpp"

#include <algorithm>
#include <cmath>

namespace tare::gbench {

std::int64_t call_iterations(const CallOutlook& outlook, double ns_per_iteration, std::int64_t batch) {
  batch = std::max<std::int64_t>(batch, 1);
  // This process's own measure first; earlier forks' before the process has one.
  const double per_iteration = ns_per_iteration > 0 ? ns_per_iteration : outlook.ns_per_iteration;
  if (!(per_iteration > 0)) return batch;
  const double span = std::min(outlook.span_ns > 0 ? outlook.span_ns : kDefaultCallSpanNs, kLongestCallSpanNs);
  // Even a loop the compiler deleted (an iteration of 0 ns) gets a bounded call.
  constexpr double kMostIterations = 1e12;
  const double wanted = std::min(1.25 * span / per_iteration, kMostIterations);
  const double batches = std::max(1.0, std::ceil(wanted / static_cast<double>(batch)));
  return static_cast<std::int64_t>(std::min(batches * static_cast<double>(batch), kMostIterations));
}

}  // namespace tare::gbench
