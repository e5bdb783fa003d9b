// The three renderings of a comparison: a console table for the developer, Markdown for a
// pull-request comment, JSON ("tare.compare/2") for tools.
#pragma once

#include <ostream>

#include "compare/compare.hpp"

namespace tare::tool {

using compare::CompareReport;

void write_compare_console(const CompareReport& report, std::ostream& out);
void write_compare_markdown(const CompareReport& report, std::ostream& out);
void write_compare_json(const CompareReport& report, std::ostream& out);

/// How the intervals and verdicts were computed, in one sentence (all three outputs say it).
std::string compare_method(const CompareReport& report);

}  // namespace tare::tool
