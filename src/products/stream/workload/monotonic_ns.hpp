// The clock of the driver and of the model SUT: tare's CLOCK_MONOTONIC reading, signed,
// because their times are mostly differences (latencies, lateness, time left).
#pragma once

#include <cstdint>

#include "tare/detail/ticks.hpp"

namespace tare::stream {

inline std::int64_t monotonic_ns() noexcept { return static_cast<std::int64_t>(tare::detail::monotonic_ns()); }

}  // namespace tare::stream
