// What a system under test sends back for the driver to measure and the oracle to check,
// whichever transport carries it.
#pragma once

#include <cstdint>

namespace tare::stream {

/// A window result (or a join match) as the SUT reports it. Karimov et al.: an output
/// carries the largest event time among the inputs that produced it (event-time latency is
/// its arrival at the driver minus that), and the SUT's own clock readings for when that
/// input was ingested and when the output was emitted (processing-time latency).
struct Output {
  std::int64_t max_event_time_ns = 0;  ///< driver clock: the latest input's due time
  std::int64_t ingest_time_ns = 0;     ///< SUT clock: when that input was taken in
  std::int64_t emit_time_ns = 0;       ///< SUT clock: when this output left
  std::int64_t window_start_ns = 0;    ///< event time of the window's start
  std::uint64_t key = 0;               ///< product, or (user << 32 | product) for a join
  std::int64_t value = 0;              ///< e.g. the sum of prices in cents, or a match count
};

}  // namespace tare::stream
