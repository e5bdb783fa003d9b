// What the reader of a trial's latencies must be told: a warning when the windows are too
// coarse for the event-time percentiles measured (stream/verdict/window_resolution.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stream/driver/driver.hpp"

namespace tare::stream {

/// The warnings for the event-time p50, p99 and p99.9 of `trial` (none without outputs, nor
/// when window_size_ns is 0: no windows, output_window_ns()).
std::vector<std::string> latency_warnings(const TrialResult& trial, std::int64_t window_size_ns);

}  // namespace tare::stream
