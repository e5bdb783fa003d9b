#include "html/page.hpp"

#include "html/escape.hpp"
#include "html/page_assets.hpp"
#include "html/run_section.hpp"

namespace tare::html {
namespace {

constexpr const char* kPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

std::string summary_table(const std::vector<RunFile>& runs) {
  std::string html =
      "<table class=\"sortable\" id=\"summary\"><thead><tr><th>File</th><th>Benchmark</th><th>Score</th><th>Unit</th>"
      "<th>95% CI</th><th>Forks</th><th>Steady state</th><th>Warnings</th><th>Status</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < runs.size(); ++i)
    html += run_summary_rows(runs[i].run, runs[i].label, "f" + std::to_string(i + 1));
  return html + "</tbody></table>";
}

std::string file_list(const std::vector<RunFile>& runs) {
  std::string text;
  for (const auto& run : runs) text += (text.empty() ? "" : ", ") + escape(run.label);
  return text;
}

}  // namespace

std::string report_page(const std::vector<RunFile>& runs) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  html += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + std::string(kPolicy) + "\">";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  html += "<title>tare report: " + file_list(runs) + "</title><style>" + kStyleSheet + "</style></head><body>\n";
  html += "<h1>tare report</h1><p class=\"lead\">" + file_list(runs) +
          ". Click a column to sort; hover a mark for its value. Intervals are 95% over worker processes (forks).</p>\n";
  html += summary_table(runs) + "\n";
  for (std::size_t i = 0; i < runs.size(); ++i) html += run_sections(runs[i].run, runs[i].label, "f" + std::to_string(i + 1));
  html += "<section id=\"context\"><h2>Context</h2>";
  for (const auto& run : runs) html += run_context(run.run, run.label);
  html += "</section>\n<script>" + std::string(kSortScript) + "</script></body></html>\n";
  return html;
}

}  // namespace tare::html
