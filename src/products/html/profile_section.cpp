#include "html/profile_section.hpp"

#include "html/escape.hpp"
#include "report/enum_names.hpp"
#include "report/hot_code_block.hpp"
#include "report/profile_table.hpp"

namespace tare::html {
namespace {

// "4 ± 0.0002 /op": as the console's tables show it, with its unit where the text has none.
std::string value_text(const results::ProfileMetric& m) {
  const std::string text = report::detail::profile_value_text(m);
  const bool has_unit = m.unit == "KiB" || m.unit == "B" || text == "not counted";
  return has_unit ? text : text + " " + m.unit;
}

std::string figures_table(const results::Benchmark& b) {
  std::string rows;
  for (const auto& m : b.profile)
    rows += "<tr><td>" + escape(report::profiler_name(m.profiler)) + "</td><td>" + escape(m.name) +
            "</td><td class=\"number\">" + escape(value_text(m)) + "</td><td class=\"number\">" +
            std::to_string(m.forks) + "</td></tr>";
  return "<table class=\"profile\"><thead><tr><th>Profiler</th><th>Figure</th><th>Mean ± 95% half-width</th>"
         "<th>Forks</th></tr></thead><tbody>" +
         rows + "</tbody></table>";
}

}  // namespace

std::string profile_figures(const results::Benchmark& b) {
  std::string html;
  if (!b.profile.empty()) html += figures_table(b);
  const auto block = report::detail::hot_code_block(b, false);
  if (!block.empty()) {
    std::string text;
    for (const auto& line : block) text += line + "\n";
    html += "<pre class=\"hot-code\">" + escape(text) + "</pre>";
  }
  return html.empty() ? "" : "<details open><summary>Profilers (--prof)</summary>" + html + "</details>";
}

}  // namespace tare::html
