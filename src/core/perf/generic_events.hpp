// The kernel's generic event names, as the perf tool spells them ("cycles", "page-faults",
// "L1-dcache-load-misses"): known without libpfm4, and the same encoding with it.
#pragma once

#include <optional>
#include <string_view>

#include "perf/event.hpp"

namespace tare::perf {

/// The encoding of a generic hardware, software or hardware-cache event name (any case);
/// nullopt for any other name.
std::optional<Encoding> generic_event(std::string_view name);

}  // namespace tare::perf
