// The console's lines of items and bytes per second (Group::items_per_op, bytes_per_op),
// below the summary table: only for the benchmarks that declare them, so a run without
// them prints nothing new.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::report {

/// "sort.each/size=1000: 12.3 Mitems/s [11.9, 12.8], 49.2 MB/s [47.5, 51.0]", one per
/// benchmark that declares an amount per operation and has a score.
std::vector<std::string> rate_lines(const results::Run& run);

/// The lines under a "Rates" heading; nothing when there are none.
void write_rates(const results::Run& run, std::ostream& out);

}  // namespace tare::report
