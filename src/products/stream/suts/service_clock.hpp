// The model SUT's service-time model, shared by its TCP and Kafka forms: each worker is a
// FIFO server that takes cost_ns per event (times the slow-start factor early in the run),
// an event's service starting when both the server is free and the event has arrived (its
// ingest). Counting from the arrival rather than from when a thread gets to it keeps the
// capacity exactly 1 / cost even when the thread is descheduled; the thread sleeps whenever
// it runs more than kMaxAheadNs ahead of the model, so it cannot outrun it either.
#pragma once

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>

#include "stream/workload/monotonic_ns.hpp"

namespace tare::stream {

inline constexpr std::int64_t kMaxAheadNs = 1'000'000;        // a worker's lead over its service clock
inline constexpr std::int64_t kServiceSpinBelowNs = 100'000;  // shorter waits spin: sleeps overshoot

inline void sleep_until_ns(std::int64_t t) noexcept {
  const timespec ts{static_cast<time_t>(t / 1'000'000'000), static_cast<long>(t % 1'000'000'000)};
  while (::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
  }
}

/// Returns at t, not a timer slack later: sleeps until shortly before, spins the rest.
inline void wait_until_ns(std::int64_t t) noexcept {
  if (t - monotonic_ns() > kServiceSpinBelowNs) sleep_until_ns(t - kServiceSpinBelowNs);
  while (monotonic_ns() < t) {
  }
}

struct ServiceCost {
  std::int64_t cost_ns = 0;       ///< 0: no service time
  std::int64_t slow_cost_ns = 0;  ///< during the slow start
  std::int64_t slow_start_ns = 0;
};

/// Serves an event ingested at ingest_ns on a worker busy until busy_until_ns (advanced),
/// `first_ingest_ns` being the run's first ingest (for the slow start).
inline void serve_event(const ServiceCost& cost, std::int64_t& busy_until_ns, std::int64_t ingest_ns,
                        std::int64_t first_ingest_ns) noexcept {
  if (cost.cost_ns == 0) return;
  const bool slow = ingest_ns - first_ingest_ns < cost.slow_start_ns;
  busy_until_ns = std::max(busy_until_ns, ingest_ns) + (slow ? cost.slow_cost_ns : cost.cost_ns);
  if (busy_until_ns - monotonic_ns() > kMaxAheadNs) sleep_until_ns(busy_until_ns - kMaxAheadNs);
}

}  // namespace tare::stream
