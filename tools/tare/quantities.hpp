// Quantities typed on the `tare` command line, with their units: "1%" or "1", "60s",
// "5m", "1h", "500ms", "50k" (events/s). Each is read by the one number layer
// (input/number.hpp): bad text, nan, inf, overflow and values out of range are a usage
// error naming the option.
#pragma once

#include <cstdint>
#include <string>

#include "input/usage_error.hpp"

namespace tare::tool {

using UsageError = input::UsageError;

/// "1%" or "1" -> 1. Must be > 0 and < 100.
double parse_percent(const std::string& text, const std::string& option);

/// "90", "90s", "1.5m", "2h" -> seconds. Must be > 0 and at most a week.
double parse_seconds(const std::string& text, const std::string& option);

/// "250ns", "10us", "500ms", "10s" (or "10"), "2m", "1h" -> ns, at most a week; must be > 0
/// unless allow_zero (a positive duration under 1 ns is 1 ns).
std::int64_t parse_duration_ns(const std::string& text, const std::string& option, bool allow_zero = false);

/// "50000", "50k", "1.5M" -> events/s, an integer in 1 .. 10^9.
std::uint64_t parse_rate(const std::string& text, const std::string& option);

}  // namespace tare::tool
