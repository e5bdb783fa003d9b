// The events a worker is to count, as one worker argument: "type:config:config1:config2:flags"
// per event, comma-separated (flags: 1 exclude user, 2 exclude kernel, 4 exclude hypervisor).
#pragma once

#include <string>
#include <vector>

#include "perf/event.hpp"

namespace tare::perf {

std::string events_to_text(const std::vector<Encoding>& events);
/// Throws std::invalid_argument on anything malformed.
std::vector<Encoding> events_from_text(const std::string& text);

}  // namespace tare::perf
