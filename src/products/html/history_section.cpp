#include "html/history_section.hpp"

#include <algorithm>

#include "html/escape.hpp"
#include "html/number_text.hpp"
#include "html/table_cell.hpp"

namespace tare::html {
namespace {

// Appended rather than "[" + ...: GCC 12 warns falsely (-Wrestrict) on a literal + temporary.
std::string history_interval_cell(const std::optional<results::Interval>& interval, double factor) {
  if (!interval) return table_cell("–");
  std::string text = "[";
  text.append(history_number(interval->low * factor))
      .append(", ")
      .append(history_number(interval->high * factor))
      .append("]");
  return table_cell(text, interval->low * factor);
}

std::string history_score_cell(const std::optional<double>& score, double factor) {
  return score ? table_cell(history_number(*score * factor), *score * factor) : table_cell("–");
}

// The marks whose first run is run `index`, as the table notes them ("+12.3%").
std::string marks_at(const std::vector<PlacedMark>& marks, std::size_t index) {
  std::string text;
  for (const auto& placed : marks)
    if (placed.run == index) text += (text.empty() ? "" : " ") + mark_text(*placed.mark);
  return text;
}

std::string run_row(const store::ScoreSeries& series, std::size_t i, bool new_code, const std::string& marked,
                    double factor) {
  const auto& run = series.runs[i];
  const auto& b = run.benchmark;
  std::string classes = new_code ? "new-code" : "";
  if (!marked.empty()) classes += classes.empty() ? "change" : " change";
  std::string row = classes.empty() ? "<tr>" : "<tr class=\"" + classes + "\">";
  row += table_cell(std::to_string(run.run_id), static_cast<double>(run.run_id));
  row += table_cell(run_time_text(run), static_cast<double>(run.time));
  row += "<td title=\"" + escape(run.commit) + "\">" + escape(run.commit.empty() ? "–" : run.commit.substr(0, 12)) +
         "</td>";
  row += history_score_cell(b.score, factor) + history_interval_cell(b.ci, factor) +
         history_interval_cell(b.ci_across_runs, factor) + table_cell(marked);
  row += table_cell(std::to_string(b.forks), b.forks);
  return row + "<td title=\"" + escape(b.code_digest) + "\">" +
         escape(b.code_digest.empty() ? "–" : b.code_digest.substr(0, 8)) + "</td></tr>\n";
}

std::string runs_table(const store::ScoreSeries& series, const std::vector<PlacedMark>& marks, double factor) {
  std::string html =
      "<div class=\"history-table\"><table class=\"sortable history-runs\"><thead><tr><th>Run</th><th>When "
      "(UTC)</th><th>Commit</th><th>Score</th><th>95% CI</th><th>Across runs</th><th>Change</th>"
      "<th>Forks</th><th>Code</th></tr></thead><tbody>\n";
  const auto segments = code_segments(series.runs);
  for (const auto& segment : segments)
    for (std::size_t i = segment.first; i < segment.last; ++i)
      html += run_row(series, i, i == segment.first && segment.first > 0, marks_at(marks, i), factor);
  return html + "</tbody></table></div>";
}

}  // namespace

std::string history_summary_row(const store::ScoreSeries& series, const std::string& anchor, std::size_t marks) {
  const auto scale = series_scale(series);
  const auto latest = std::find_if(series.runs.rbegin(), series.runs.rend(),
                                   [](const store::StoredScore& run) { return run.benchmark.score.has_value(); });
  std::string row = "<tr><td><a href=\"#" + anchor + "\">" + escape(series.name) + "</a></td>";
  row += table_cell(series.machine);
  row += table_cell(std::to_string(series.runs.size()), static_cast<double>(series.runs.size()));
  const auto segments = code_segments(series.runs).size();
  row += table_cell(std::to_string(segments), static_cast<double>(segments));
  if (latest != series.runs.rend()) {
    const auto drawn = drawn_interval(latest->benchmark);
    row += history_score_cell(latest->benchmark.score, scale.factor) +
           (drawn ? history_interval_cell(drawn->interval, scale.factor) : table_cell("–"));
  } else {
    row += table_cell("–") + table_cell("–");
  }
  row += table_cell(series.mode + ", " + scale.unit);
  return row + table_cell(std::to_string(marks), static_cast<double>(marks)) + "</tr>\n";
}

std::string history_section(const store::ScoreSeries& series, const std::string& anchor,
                            const std::vector<PlacedMark>& marks) {
  const auto scale = series_scale(series);
  std::string html = "<section class=\"history\" id=\"" + anchor + "\"><h2>" + escape(series.name) +
                     " <span class=\"file\">" + escape(series.mode + ", " + scale.unit) + " · on " +
                     escape(series.machine) + "</span></h2>";
  html +=
      "<div class=\"history-row\">" + history_chart(series, marks) + runs_table(series, marks, scale.factor) + "</div>";
  return html + "</section>\n";
}

}  // namespace tare::html
