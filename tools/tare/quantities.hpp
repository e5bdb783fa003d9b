// Quantities typed on the `tare` command line, with their units: "1%" or "1", "60s",
// "5m", "1h". Bad text is a usage error naming the option.
#pragma once

#include <stdexcept>
#include <string>

namespace tare::tool {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// "1%" or "1" -> 1. Must be > 0 and < 100.
double parse_percent(const std::string& text, const std::string& option);

/// "90", "90s", "1.5m", "2h" -> seconds. Must be > 0.
double parse_seconds(const std::string& text, const std::string& option);

}  // namespace tare::tool
