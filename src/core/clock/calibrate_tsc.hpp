// The TSC's rate, measured against CLOCK_MONOTONIC_RAW.
#pragma once

#include <chrono>

namespace tare::clock {

/// How well the rate must be known: a bound on its relative error. Far below anything a
/// benchmark's interval can resolve, and reached in a few milliseconds.
inline constexpr double kTscRateError = 1e-5;

struct TscRate {
  double ghz = 0;             ///< ticks per ns; 0 where there is no TSC
  double relative_error = 1;  ///< a bound, from the brackets of the two readings and the span
  double span_ns = 0;         ///< how long the rate was measured over
};

/// The relative error of a rate measured over `span_ticks` / `span_ns` from two readings whose
/// TSC values were bracketed within `first_width` and `last_width` ticks (each pair's TSC is
/// its bracket's midpoint; each clock reading is good to its 1 ns quantum). 1 for an empty span.
double tsc_rate_error_bound(double span_ticks, double span_ns, double first_width, double last_width);

/// The TSC's rate against CLOCK_MONOTONIC_RAW, measured until its error bound is within
/// `relative_error` or `longest` has passed, whichever comes first (then with the bound it
/// reached). A zero rate where there is no TSC.
TscRate calibrate_tsc(std::chrono::milliseconds longest, double relative_error = kTscRateError);

}  // namespace tare::clock
