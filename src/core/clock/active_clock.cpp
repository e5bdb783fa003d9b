// The clock the timed loops read, and how its ticks become nanoseconds. The loops only
// read raw ticks (an inline rdtsc or clock_gettime, see tare/detail/ticks.hpp); conversion
// happens here, outside the timed region.
#include "clock/active_clock.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "clock/calibrate_tsc.hpp"
#include "clock/tsc_invariant.hpp"

namespace tare::detail {
// Monotonic until the library has checked and calibrated the TSC.
bool g_use_tsc = false;
}  // namespace tare::detail

namespace tare::clock {
namespace {

double g_tsc_ghz = 0;  // ticks per ns while the TSC is in use, else 0

// A calibrated rate outside this range means the calibration itself went wrong (a
// virtualised TSC that is scaled or trapped, a clock jump during the sleep): no real CPU
// has a TSC below 0.2 GHz or above 10 GHz.
constexpr double kMinPlausibleGhz = 0.2;
constexpr double kMaxPlausibleGhz = 10.0;

}  // namespace

void use_tsc(double ghz) {
  if (!TARE_HAS_TSC) throw std::logic_error("tare: use_tsc() on a machine without a TSC");
  if (!(ghz > 0) || !std::isfinite(ghz))
    throw std::invalid_argument("tare: use_tsc() needs a positive, finite rate in GHz");
  g_tsc_ghz = ghz;
  tare::detail::g_use_tsc = true;
}

void use_monotonic() {
  tare::detail::g_use_tsc = false;
  g_tsc_ghz = 0;
}

bool using_tsc() { return tare::detail::g_use_tsc; }

double ticks_to_ns(std::uint64_t ticks) {
  const double t = static_cast<double>(ticks);
  return using_tsc() ? t / g_tsc_ghz : t;
}

double tsc_ghz() { return using_tsc() ? g_tsc_ghz : 0; }

std::string active_name() { return using_tsc() ? "tsc" : "clock_gettime(CLOCK_MONOTONIC)"; }

void select_best(std::chrono::milliseconds calibration) {
  if (TARE_HAS_TSC && tsc_invariant()) {
    const double ghz = calibrate_tsc(calibration).ghz;
    if (ghz >= kMinPlausibleGhz && ghz <= kMaxPlausibleGhz) {
      use_tsc(ghz);
      return;
    }
  }
  use_monotonic();
}

Characterization characterize_active() {
  // Ticks are taken relative to a base so that the double holding them stays exact: a raw
  // TSC value after months of uptime exceeds the 2^53 a double represents exactly.
  const std::uint64_t base = tare::detail::ticks_start();
  // Timed regions read a start and a stop; alternating them charges each read the mix the
  // loops actually pay (the two differ on the TSC by their fences).
  bool start_next = false;
  auto now_ns = [&]() {
    start_next = !start_next;
    const std::uint64_t t = start_next ? tare::detail::ticks_start() : tare::detail::ticks_stop();
    return ticks_to_ns(t - base);
  };
  return characterize(now_ns);
}

}  // namespace tare::clock
