// The clock tare times with: what it is, how good it is, and the conversion from the raw
// ticks that the timed loops read (tare/detail/ticks.hpp) to nanoseconds.
//
// The choice is made once, at start-up, in the parent process (select_best), before any
// worker is forked, so every worker inherits the same clock and the same TSC rate. None of
// this state is synchronised: it is set before timing starts and only read afterwards.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "clock/characterize.hpp"
#include "tare/detail/ticks.hpp"

namespace tare::clock {

/// Time with the TSC at `ghz` ticks per ns. Requires TARE_HAS_TSC and a positive, finite
/// rate: throws std::logic_error without a TSC, std::invalid_argument on a bad rate.
void use_tsc(double ghz);
/// Time with clock_gettime(CLOCK_MONOTONIC): one tick is one nanosecond.
void use_monotonic();
bool using_tsc();
/// Nanoseconds in `ticks` of the active clock (exact for the monotonic clock).
double ticks_to_ns(std::uint64_t ticks);
/// The TSC rate in use, 0 when not using the TSC.
double tsc_ghz();
/// "tsc" or "clock_gettime(CLOCK_MONOTONIC)".
std::string active_name();

/// Start-up choice: the TSC when it is invariant and its calibrated rate is plausible
/// (0.2 to 10 GHz), otherwise the monotonic clock. The rate is measured until it is known to
/// kTscRateError (clock/calibrate_tsc.hpp; a few milliseconds), for at most `calibration`.
void select_best(std::chrono::milliseconds calibration = std::chrono::milliseconds(50));

/// Resolution and per-read overhead of the active clock, in ns, read the way the timed
/// loops read it (ticks_start/ticks_stop, converted with ticks_to_ns).
Characterization characterize_active();

}  // namespace tare::clock
