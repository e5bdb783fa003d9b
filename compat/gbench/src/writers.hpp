// Google Benchmark's JSON and CSV formats, from the rows (rows.hpp), and what the console
// adds to tare's report. The JSON is always valid JSON: a value that is not finite is
// written as null.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "results/results.hpp"
#include "rows.hpp"

namespace tare::gbench {

void write_json(const results::Run& run, const std::vector<Row>& rows, const std::map<std::string, std::string>& context,
                std::ostream& out);
void write_csv(const std::vector<Row>& rows, std::ostream& out);
/// After tare's console report: the user counters and labels as Google Benchmark finishes
/// them, and the complexity fits (what tare's own report does not know about).
void write_console_extras(const std::vector<Row>& rows, std::ostream& out);

}  // namespace tare::gbench
