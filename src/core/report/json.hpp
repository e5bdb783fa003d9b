// The `tare.results/1` JSON document: everything measured and concluded, raw samples
// included, so any other tool can recompute or re-judge. Field by field in docs/results.md.
#pragma once

#include <istream>
#include <ostream>

#include "results/results.hpp"

namespace tare::report {

inline constexpr const char* kResultsSchema = "tare.results/1";

/// Pretty-printed (2-space indent), fields in a fixed order, always valid JSON: NaN and
/// infinities are written as null, invalid UTF-8 in strings as U+FFFD.
void write_json(const results::Run& run, std::ostream& out);

/// Rebuilds the Run that write_json wrote (writing it again gives the same text). Throws
/// std::runtime_error("results JSON: <where>: <what is wrong>") for input that is not
/// JSON, has another schema, lacks a required field or has a value of the wrong type.
results::Run read_json(std::istream& in);

}  // namespace tare::report
