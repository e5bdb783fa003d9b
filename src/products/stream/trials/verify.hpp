// Checks a SUT's outputs against the offline oracle: the events are generated again from the
// seed (generation is deterministic), the oracle computes every window result, and each
// output must match one in every field the wire carries (window, key, value, max event time).
// The identity query's outputs must be the events themselves, each exactly once.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "stream/workload/oracle.hpp"
#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/run_description.hpp"

namespace tare::stream {

/// `events`: every event the driver generated (all generators); `outputs`: every output the
/// SUT sent. ok, or the first difference in words. With `until_ns` (a trial's cool-down
/// starting then) only the windows ending by then, and the identity query's events before
/// then, are compared, on both sides. `first_open_start_ns` (one per event, or empty: all
/// windows) says which windows each late event entered (oracle.hpp; the identity query has
/// no windows and ignores it).
Comparison verify_outputs(Query query, const WindowSpec& window, std::span<const Event> events,
                          std::span<const Output> outputs,
                          std::int64_t until_ns = std::numeric_limits<std::int64_t>::max(),
                          std::span<const std::int64_t> first_open_start_ns = {});

}  // namespace tare::stream
