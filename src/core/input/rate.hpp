// Rates typed on any command line of tare: events per second, with an optional SI prefix
// and an optional "/s" — 50000, 50k, 50k/s, 1.5M/s. A bare number is events per second.
#pragma once

#include <cstdint>
#include <string>

#include "input/number.hpp"

namespace tare::input {

/// A whole number of events per second from 1 to `most`; anything else is a UsageError
/// naming the flag, the text and an example.
std::uint64_t parse_rate(const std::string& text, const std::string& flag, std::uint64_t most);

}  // namespace tare::input
