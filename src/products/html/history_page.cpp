#include "html/history_page.hpp"

#include <algorithm>
#include <set>

#include "html/document.hpp"
#include "html/escape.hpp"
#include "html/history_section.hpp"

namespace tare::html {
namespace {

std::string series_anchor(std::size_t series) { return std::string("h").append(std::to_string(series + 1)); }

// Each series' marks, placed at the index of their first run; `drawn[m]` says whether mark m
// found a place on any series.
std::vector<std::vector<PlacedMark>> placed_marks(const HistoryView& view, std::vector<bool>& drawn) {
  std::vector<std::vector<PlacedMark>> placed(view.series.size());
  drawn.assign(view.marks.size(), false);
  for (std::size_t m = 0; m < view.marks.size(); ++m) {
    const ChangeMark& mark = view.marks[m];
    for (std::size_t s = 0; s < view.series.size(); ++s) {
      const auto& series = view.series[s];
      if (series.name != mark.benchmark || series.machine != mark.machine) continue;
      const auto run = std::find_if(series.runs.begin(), series.runs.end(),
                                    [&](const store::StoredScore& r) { return r.run_id == mark.first_run; });
      if (run == series.runs.end()) continue;
      placed[s].push_back({&mark, static_cast<std::size_t>(run - series.runs.begin())});
      drawn[m] = true;
    }
  }
  return placed;
}

std::string history_lead(const HistoryView& view) {
  std::set<std::string> machines;
  std::set<std::int64_t> runs;
  for (const auto& series : view.series) {
    machines.insert(series.machine);
    for (const auto& run : series.runs) runs.insert(run.run_id);
  }
  std::string machine_list;
  for (const auto& machine : machines) machine_list += (machine_list.empty() ? "" : "; ") + machine;
  const std::size_t n = view.series.size();
  return "<p class=\"lead\">" + escape(view.location) + ": " + std::to_string(n) +
         (n == 1 ? " benchmark" : " benchmarks") + " over " + std::to_string(runs.size()) +
         (runs.size() == 1 ? " run" : " runs") + " on " + escape(machine_list) +
         ". Each run's score is a dot, its 95% interval a bar (across runs where the run knew the machine's speed "
         "between runs, else over its forks); a line joins the runs of the same timed code, and a dashed line marks "
         "where the code changed (a new series). A purple line marks a change point with its size and the commit it "
         "starts at. Hover a mark for its run, commit and numbers; click a column to sort.</p>\n";
}

std::string unplaced(const HistoryView& view, const std::vector<bool>& drawn) {
  std::string items;
  for (std::size_t m = 0; m < view.marks.size(); ++m)
    if (!drawn[m]) {
      const ChangeMark& mark = view.marks[m];
      items += "<li>change point of " + escape(mark_text(mark)) + " in " + escape(mark.benchmark) + " on " +
               escape(mark.machine) + " from run " + std::to_string(mark.first_run) +
               ": not drawn, no such run of that benchmark on this page</li>";
    }
  return items.empty() ? "" : "<ul class=\"warnings\">" + items + "</ul>\n";
}

}  // namespace

std::string history_page(const HistoryView& view) {
  std::vector<bool> drawn;
  const auto marks = placed_marks(view, drawn);
  std::string body = "<h1>tare history</h1>" + history_lead(view) + unplaced(view, drawn);
  body +=
      "<table class=\"sortable\" id=\"history-summary\"><thead><tr><th>Benchmark</th><th>Machine</th><th>Runs</th>"
      "<th>Code series</th><th>Latest score</th><th>95% CI</th><th>Unit</th><th>Change points</th></tr></thead>"
      "<tbody>\n";
  for (std::size_t s = 0; s < view.series.size(); ++s)
    body += history_summary_row(view.series[s], series_anchor(s), marks[s].size());
  body += "</tbody></table>\n";
  for (std::size_t s = 0; s < view.series.size(); ++s)
    body += history_section(view.series[s], series_anchor(s), marks[s]);
  return html_document("tare history: " + view.location, body);
}

}  // namespace tare::html
