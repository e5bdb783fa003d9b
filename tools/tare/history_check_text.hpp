// What `tare history check` prints: the change points found in each benchmark's history, as a
// console table, as Markdown for a pull request's comment, and as JSON for scripts; and the
// marks `tare history show` puts beside the first run after each change. Formatting only:
// the store judges (store/history_check.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "store/history_check.hpp"

namespace tare::tool {

/// How many changes are alerts: beyond the threshold, not acknowledged (`slower_only`: those
/// that make a benchmark slower).
int alert_count(const std::vector<store::CheckedSeries>& checked, bool slower_only);

void write_check(const std::vector<store::CheckedSeries>& checked, double threshold, std::ostream& out);
void write_check_markdown(const std::vector<store::CheckedSeries>& checked, double threshold, std::ostream& out);
void write_check_json(const std::string& history, const std::vector<store::CheckedSeries>& checked, double threshold,
                      std::ostream& out);

}  // namespace tare::tool
