// Reading the `tare.results/1` JSON document that json_write.hpp writes.
#pragma once

#include <istream>

#include "results/results.hpp"

namespace tare::report {

/// Rebuilds the Run that write_json wrote (writing it again gives the same text). Throws
/// std::runtime_error("results JSON: <where>: <what is wrong>") for input that is not
/// JSON, has another schema, lacks a required field or has a value of the wrong type.
results::Run read_json(std::istream& in);

}  // namespace tare::report
