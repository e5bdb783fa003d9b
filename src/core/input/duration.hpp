// Durations typed on any command line of tare (benchmark binaries, the `tare` command): one
// grammar everywhere. A number with a unit — 250ns, 10us, 500ms, 2s, 1.5m, 1h — or a plain
// number, which is in the flag's own unit (seconds for --budget, milliseconds for the
// flags named -ms), so that what worked before still means the same.
#pragma once

#include <cstdint>
#include <string>

#include "input/number.hpp"

namespace tare::input {

/// The unit a flag's plain numbers are in, and the unit its value is returned in.
enum class TimeUnit { seconds, milliseconds };

/// A duration above 0 and at most a week, in `unit`; anything else is a UsageError naming
/// the flag, the text and an example.
double parse_duration(const std::string& text, const std::string& flag, TimeUnit unit);

/// A duration in whole nanoseconds (a plain number is seconds), at most a week; above 0
/// unless `zero_allowed` (a positive duration under 1 ns is 1 ns).
std::int64_t parse_duration_ns(const std::string& text, const std::string& flag, bool zero_allowed = false);

/// The limits parse_duration checks, in `unit` (for help text and messages).
Limits duration_limits(TimeUnit unit);

}  // namespace tare::input
