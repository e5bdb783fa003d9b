// The clock tare times with: what it is, how good it is, and the conversion from the raw
// ticks that the timed loops read (tare/detail/ticks.hpp) to nanoseconds.
//
// The choice is made once, at start-up, in the parent process (select_best), before any
// worker is forked, so every worker inherits the same clock and the same TSC rate. None of
// this state is synchronised: it is set before timing starts and only read afterwards.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "clock/characterize.hpp"
#include "tare/detail/ticks.hpp"

namespace tare::clock {

// --- Facts about the machine's clocks -------------------------------------------------

/// Whether the TSC ticks at a constant rate through frequency changes and deep sleep
/// states (an "invariant" TSC): CPUID 0x80000007 EDX bit 8, or the kernel's cpuinfo flags
/// constant_tsc + nonstop_tsc. Always false where there is no TSC.
bool tsc_invariant();

/// The cpuinfo half of tsc_invariant(): true when the first "flags" line carries both
/// constant_tsc and nonstop_tsc (as whole words). Pure, for tests.
bool tsc_invariant_from_cpuinfo(std::string_view cpuinfo_text);

/// TSC rate in GHz (ticks per ns), measured against CLOCK_MONOTONIC_RAW over `duration`.
/// 0 where there is no TSC.
double calibrate_tsc_ghz(std::chrono::milliseconds duration);

/// The kernel's clocksource ("tsc", "kvm-clock", "hpet", ...), "" when unreadable.
std::string clocksource();
/// The same, read under `root` instead of "/" (for tests with a fake /sys tree).
std::string clocksource(const std::filesystem::path& root);

// --- The active clock -----------------------------------------------------------------

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
/// (0.2 to 10 GHz), otherwise the monotonic clock.
void select_best(std::chrono::milliseconds calibration = std::chrono::milliseconds(50));

/// Resolution and per-read overhead of the active clock, in ns, read the way the timed
/// loops read it (ticks_start/ticks_stop, converted with ticks_to_ns).
Characterization characterize_active();

}  // namespace tare::clock
