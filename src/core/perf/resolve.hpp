// An event's name to what perf_event_open counts: the kernel's generic names first (the same
// with or without libpfm4), then libpfm4.
#pragma once

#include <string>

#include "perf/pfm_events.hpp"

namespace tare::perf {

/// The encoding of `name`, or why there is none (an unknown name).
Resolution resolve_event(const std::string& name);

}  // namespace tare::perf
