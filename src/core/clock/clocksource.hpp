// The kernel's clocksource, which decides what clock_gettime costs.
#pragma once

#include <filesystem>
#include <string>

namespace tare::clock {

/// The kernel's clocksource ("tsc", "kvm-clock", "hpet", ...), "" when unreadable.
std::string clocksource();
/// The same, read under `root` instead of "/" (for tests with a fake /sys tree).
std::string clocksource(const std::filesystem::path& root);

}  // namespace tare::clock
