// One benchmark of a results history on one machine in the history page: a row of the
// summary table, and a section with its chart and the table of its runs beside it.
#pragma once

#include <string>
#include <vector>

#include "html/history_chart.hpp"
#include "store/history_queries.hpp"

namespace tare::html {

/// The summary's <tr>: the benchmark (linking to `anchor`), its machine, runs, code series,
/// latest score and interval, and how many change points are marked.
std::string history_summary_row(const store::ScoreSeries& series, const std::string& anchor, std::size_t marks);

/// The <section id="`anchor`">: the chart, and a table of every run (its time, commit,
/// score, intervals, forks and code), the first run of a new code and of a change point
/// marked in it.
std::string history_section(const store::ScoreSeries& series, const std::string& anchor,
                            const std::vector<PlacedMark>& marks);

}  // namespace tare::html
