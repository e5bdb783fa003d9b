// Writing the `tare.results/1` JSON document: everything measured and concluded, raw
// samples included, so any other tool can recompute or re-judge. Field by field in
// docs/results.md; json_read.hpp reads it back.
#pragma once

#include <ostream>

#include "results/results.hpp"

namespace tare::report {

inline constexpr const char* kResultsSchema = "tare.results/1";

/// Pretty-printed (2-space indent), fields in a fixed order, always valid JSON: NaN and
/// infinities are written as null, invalid UTF-8 in strings as U+FFFD.
void write_json(const results::Run& run, std::ostream& out);

}  // namespace tare::report
