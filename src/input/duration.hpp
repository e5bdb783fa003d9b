// Durations typed on any command line of tare (benchmark binaries, the `tare` command): one
// grammar everywhere. A number with a unit — 250ns, 10us, 500ms, 2s, 1.5m, 1h — or a plain
// number, which is in the flag's own unit (seconds for --budget, milliseconds for the
// flags named -ms), so that what worked before still means the same.
#pragma once

#include <string>

#include "input/number.hpp"

namespace tare::input {

/// The unit a flag's plain numbers are in, and the unit its value is returned in.
enum class TimeUnit { seconds, milliseconds };

/// A duration above 0 and at most a week, in `unit`; anything else is a UsageError naming
/// the flag, the text and an example.
double parse_duration(const std::string& text, const std::string& flag, TimeUnit unit);

/// The limits parse_duration checks, in `unit` (for help text and messages).
Limits duration_limits(TimeUnit unit);

}  // namespace tare::input
