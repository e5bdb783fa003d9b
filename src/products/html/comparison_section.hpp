// A comparison's part of the report: its rows in the summary table, and its section (the
// forest plot of the ratios against the threshold band, and the notes).
#pragma once

#include <string>

#include "html/comparison.hpp"

namespace tare::html {

/// The summary table's rows (File, Benchmark, Base, New, Ratio, 95% CI, Verdict).
std::string comparison_summary_rows(const Comparison& comparison, const std::string& label, const std::string& anchor);

/// The forest plot of the ratios with the threshold band, and the notes.
std::string comparison_section(const Comparison& comparison, const std::string& label, const std::string& anchor);

}  // namespace tare::html
