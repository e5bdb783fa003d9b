// Writing the `tare.results/1` JSON document: everything measured and concluded, raw
// samples included, so any other tool can recompute or re-judge. Field by field in
// docs/results.md; json_read.hpp reads it back.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>

#include "results/results.hpp"

namespace tare::report {

inline constexpr const char* kResultsSchema = "tare.results/1";

/// Pretty-printed (2-space indent), fields in a fixed order, always valid JSON: NaN and
/// infinities are written as null, invalid UTF-8 in strings as U+FFFD.
void write_json(const results::Run& run, std::ostream& out);

namespace detail {
/// The whole document write_json writes, for the documents that embed a run's (the fleet's,
/// report/fleet_json.hpp, one per machine).
nlohmann::ordered_json results_document(const results::Run& run);
}  // namespace detail

}  // namespace tare::report
