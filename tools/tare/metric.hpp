// --metric of `tare compare` and `tare ab`: what the comparison compares.
#pragma once

#include <string>

#include "compare/compare.hpp"

namespace tare::tool {

inline constexpr const char* kMetricHelp =
    "time: the scores, with intervals over forks; instructions: instructions per operation counted by callgrind, "
    "exact and noise-free (compare: files recorded with --prof instructions; ab: needs valgrind)";

/// "time" or "instructions"; a UsageError for anything else.
compare::Metric parse_metric(const std::string& text);

/// "time", "instructions" (the JSON's and the console's word for it).
const char* metric_name(compare::Metric metric);

}  // namespace tare::tool
