// Pretty-printing for results documents. nlohmann's dump(2) puts every number of every
// sample on its own line (a run with 10 000 samples becomes 60 000 lines); here flat leaf
// values (a sample, a CI, a layout, an array of numbers) stay on one line, everything
// else is indented by 2, so a document reads, diffs and greps one sample per line.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>

namespace tare::report::detail {

/// Writes `value` as indented JSON, followed by nothing (no final newline). Strings with
/// invalid UTF-8 are written with U+FFFD in place of the bad bytes, never thrown about.
void print_json(const nlohmann::ordered_json& value, std::ostream& out);

}  // namespace tare::report::detail
