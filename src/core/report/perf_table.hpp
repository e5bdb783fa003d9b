// --prof perf in the console: one row per benchmark and event, the count per operation as
// its mean over forks ± the half-width of its 95% interval, and the share of the time the
// event was actually counted (less than all of it when the kernel multiplexed counters).
#pragma once

#include <optional>
#include <string>

#include "report/table.hpp"
#include "results/results.hpp"

namespace tare::report::detail {

/// The perf table; nullopt when no benchmark has perf figures.
std::optional<Table> perf_table(const results::Run& run);

/// The line above it: what was counted (user space alone, or the kernel too) and how to read it.
std::string perf_table_title(const results::Run& run);

}  // namespace tare::report::detail
