// The machine facts in /proc/cpuinfo (its scanner is clock/cpuinfo.hpp, which the clock
// shares). Pure, so each rule can be tested on literal text.
#pragma once

#include <string>
#include <string_view>

namespace tare::system::parse {

/// CPU model: x86 "model name", else the names other architectures use; "" if none.
std::string cpu_model(std::string_view cpuinfo);

/// Number of "processor" entries in a cpuinfo text.
int count_processors(std::string_view cpuinfo);

}  // namespace tare::system::parse
