// What `tare stream` reads from its command line beyond durations (input/duration.hpp):
// event rates, rate shapes, windows ("1s", "8s/4s") and key distributions
// ("uniform:100", "zipf:10000:1.0", "hot:100:0.9"). Bad text is a UsageError naming the
// option and the expected form.
#pragma once

#include <cstdint>
#include <string>

#include "stream/workload/workload.hpp"

namespace tare::tool {

/// Events per second (input/rate.hpp): 50000, 50k, 1.5M/s, at most stream::kMaxRate.
std::uint64_t parse_rate(const std::string& text, const std::string& option);

/// A rate shape:
///   RATE                               constant
///   steps:RATE@DURATION,RATE@DURATION  phases once, in order (the run may outlast them)
///   square:LOW,HIGH,PERIOD             HIGH for the first half of each period, then LOW
///   bursts:BASE,BURST,LENGTH,PERIOD    BASE, with a burst of LENGTH ending each period
stream::RateSchedule parse_rate_shape(const std::string& text, const std::string& option);

/// "SIZE" (tumbling) or "SIZE/SLIDE" (sliding), durations as above.
stream::WindowSpec parse_window(const std::string& text, const std::string& option);

/// "uniform:N", "zipf:N:S", "hot:N:FRACTION".
stream::KeyDistSpec parse_keys(const std::string& text, const std::string& option);

/// "FRACTION:DELAY": that share of the events (in [0, 1]) carry an event time up to DELAY
/// (a duration, >= 0) before their due time.
stream::DisorderSpec parse_disorder(const std::string& text, const std::string& option);

/// A shape's highest phase rate (for sizing the backlog cap).
std::uint64_t peak_rate(const stream::RateSchedule& schedule);

}  // namespace tare::tool
