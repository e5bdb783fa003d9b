// A stream trial's part of the report: its row in the summary table, and its section
// (both latencies over time, throughput and backlog over time, the percentile spectrum).
#pragma once

#include <string>

#include "html/stream_run.hpp"

namespace tare::html {

std::string stream_summary_row(const StreamRun& run, const std::string& label, const std::string& anchor);
std::string stream_section(const StreamRun& run, const std::string& label, const std::string& anchor);

}  // namespace tare::html
