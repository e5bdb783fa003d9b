// The TSC's rate, measured against CLOCK_MONOTONIC_RAW.
#pragma once

#include <chrono>

namespace tare::clock {

/// TSC rate in GHz (ticks per ns), measured against CLOCK_MONOTONIC_RAW over `duration`.
/// 0 where there is no TSC.
double calibrate_tsc_ghz(std::chrono::milliseconds duration);

}  // namespace tare::clock
