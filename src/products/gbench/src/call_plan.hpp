// How many iterations a call of a Google Benchmark function may run (its max_iterations,
// fixed when it starts): enough for the samples the fork will still take, so that its
// set-up is paid a few times per process rather than once per sample; no more than that,
// since a benchmark may size its buffers by max_iterations, as under Google Benchmark.
#pragma once

#include <cstdint>

namespace tare::gbench {

/// The worker's outlook on its fork: how long it will take samples in all (warmup and
/// measurement, 0: not said), and the time per iteration earlier forks measured (0: none).
struct CallOutlook {
  double span_ns = 0;
  double ns_per_iteration = 0;
};

/// Without an outlook a call is planned for half a second, Google Benchmark's own run.
inline constexpr double kDefaultCallSpanNs = 5e8;
/// Nor for more than this, whatever the fork's span: the longest run Google Benchmark makes
/// at its defaults is under a second.
inline constexpr double kLongestCallSpanNs = 2e9;

/// A call starting with a batch of `batch` iterations, where an iteration has been seen to
/// take `ns_per_iteration` in this process (0: nothing measured yet; the outlook's then):
/// iterations for the span, a quarter more for a slower stretch, in whole batches; just the
/// first batch while nothing is known, as Google Benchmark's first run is of one iteration.
std::int64_t call_iterations(const CallOutlook& outlook, double ns_per_iteration, std::int64_t batch);

}  // namespace tare::gbench
