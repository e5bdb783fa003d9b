#include "html/comparison_section.hpp"

#include <algorithm>

#include "html/escape.hpp"
#include "html/number_text.hpp"
#include "html/plot.hpp"
#include "html/table_cell.hpp"
#include "report/console.hpp"

namespace tare::html {
namespace {

std::string ratio_number(double ratio) { return number_text("%.3f", ratio); }

std::string percent_text(double fraction) { return number_text("%g%%", fraction * 100); }

// Appended rather than "[" + ...: GCC 12 warns falsely (-Wrestrict) on a literal + temporary.
std::string interval_text(const Ratio& r) {
  std::string text = "[";
  text.append(ratio_number(r.low)).append(", ").append(ratio_number(r.high)).append("]");
  return text;
}

std::string score_cell(const std::optional<double>& score, const std::string& unit) {
  return score ? table_cell(report::format_score(*score, unit), *score) : table_cell("n/a");
}

// Green for faster, red for slower, grey for no difference: the verdict's own word.
std::string verdict_class(const ComparisonRow& row) {
  if (row.verdict == "faster") return "faster";
  if (row.verdict == "slower") return "slower";
  return "same";
}

Range forest_range(const Comparison& comparison) {
  std::vector<double> values{1 - comparison.threshold, 1 + comparison.threshold};
  for (const auto& row : comparison.rows)
    if (row.ratio) {
      values.push_back(row.ratio->low);
      values.push_back(row.ratio->high);
    }
  return padded_range(values, 0.08);
}

std::string forest_chart(const Comparison& comparison, const std::vector<const ComparisonRow*>& rows) {
  const double n = static_cast<double>(rows.size());
  const Range x = forest_range(comparison);
  Plot plot("forest", "Ratios NEW/BASE of the scores with their 95% intervals", x, {0.4, n + 0.6},
            {1288, 60 + 26 * n, 300});
  plot.axes("NEW / BASE score (band: the ±threshold that matters; dots: tare ab's pairs)", "", {true, false});
  plot.box(1 - comparison.threshold, 0.4, 1 + comparison.threshold, n + 0.6, "threshold-band",
           "±" + percent_text(comparison.threshold) + " threshold");
  plot.vertical(1, "no-change", "no change");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ComparisonRow& row = *rows[i];
    const double y = n - static_cast<double>(i);  // the first benchmark on top
    plot.y_label_at(y, row.name.size() > 44 ? row.name.substr(0, 42) + "…" : row.name, row.name);
    for (const double pair : row.pair_ratios)
      if (pair >= x.low && pair <= x.high) plot.dot(pair, y, 1.8, "pair");
    const Ratio& r = *row.ratio;
    const std::string what = row.name + ": " + ratio_number(r.estimate) + " " + interval_text(r) + ", " + row.verdict;
    plot.segment(std::max(r.low, x.low), y, std::min(r.high, x.high), y, "ratio-ci " + verdict_class(row), what);
    plot.dot(r.estimate, y, 4.5, "ratio " + verdict_class(row), what);
  }
  return plot.svg();
}

}  // namespace

std::string comparison_summary_rows(const Comparison& comparison, const std::string& label, const std::string& anchor) {
  std::string rows;
  for (const auto& row : comparison.rows) {
    rows += "<tr class=\"" + verdict_class(row) + "\">" + table_cell(label);
    rows += "<td><a href=\"#" + anchor + "\">" + escape(row.name) + "</a></td>";
    rows += score_cell(row.base_score, row.unit) + score_cell(row.new_score, row.unit);
    if (row.ratio)
      rows += table_cell(ratio_number(row.ratio->estimate), row.ratio->estimate) + table_cell(interval_text(*row.ratio));
    else
      rows += table_cell("–") + table_cell("–");
    rows += table_cell(row.problem.empty() ? row.verdict : row.verdict + ": " + row.problem) + "</tr>\n";
  }
  return rows;
}

std::string comparison_section(const Comparison& comparison, const std::string& label, const std::string& anchor) {
  std::string html = "<section class=\"comparison\" id=\"" + anchor + "\"><h2>Comparison <span class=\"file\">" +
                     escape(label) + "</span></h2>";
  const std::size_t n = comparison.rows.size();
  html += "<p class=\"figures\">" + std::to_string(n) + (n == 1 ? " benchmark" : " benchmarks") + ", threshold ±" +
          percent_text(comparison.threshold);
  if (comparison.geomean)
    html += " · geometric mean of the time ratios <strong>" + ratio_number(comparison.geomean->estimate) + "</strong> " +
            interval_text(*comparison.geomean);
  html += "</p>";
  std::vector<const ComparisonRow*> compared;
  for (const auto& row : comparison.rows)
    if (row.ratio) compared.push_back(&row);
  if (!compared.empty()) html += "<div class=\"charts\">" + forest_chart(comparison, compared) + "</div>";
  std::string notes;
  for (const auto& row : comparison.rows)
    if (!row.problem.empty()) notes += "<li>" + escape(row.name) + ": not compared: " + escape(row.problem) + "</li>";
  for (const auto& note : comparison.notes) notes += "<li>" + escape(note) + "</li>";
  if (!notes.empty()) html += "<ul class=\"warnings\">" + notes + "</ul>";
  if (!comparison.method.empty()) html += "<p class=\"method\">" + escape(comparison.method) + ".</p>";
  return html + "</section>\n";
}

}  // namespace tare::html
