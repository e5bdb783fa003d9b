// Reading what `tare system` judges (system/readiness.hpp) from the files under a root
// directory (tests hand in a fake tree). A missing file leaves its fact unknown.
#pragma once

#include <chrono>
#include <filesystem>

#include "results/results.hpp"
#include "system/readiness.hpp"

namespace tare::system {

/// The facts under `root`. Steal is measured over `steal_window` of /proc/stat (zero: not
/// measured, no wait); a hardware counter is tried only when `root` is the real "/".
SystemFacts read_system_facts(const std::filesystem::path& root = "/",
                              std::chrono::milliseconds steal_window = std::chrono::milliseconds(0));

/// A run's summary in ctx.system: the instantaneous facts under `root`, with the steal and
/// other processes' load the run measured (ctx.steal_share, ctx.busy_cores) in place of a
/// window, and the load average ctx holds. No waiting: it is read with every run.
void describe_system(results::Context& ctx, const std::filesystem::path& root = "/");

}  // namespace tare::system
