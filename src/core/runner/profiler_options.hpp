// --prof NAME as the runner's options take it: "rusage", "perf" (the default events) or
// "perf:EV1,EV2,..." (events named by the kernel's generic names or libpfm4's).
#pragma once

#include <string>

#include "runner/options.hpp"

namespace tare::runner {

/// Adds one --prof value to options.profilers (each profiler once) and, for perf, its
/// events to options.perf_events (each once, in the order given). An unknown profiler or
/// event, or events given to a profiler that takes none, is a UsageError naming it.
void add_profiler(const std::string& text, RunOptions& options);

}  // namespace tare::runner
