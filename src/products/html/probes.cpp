#include "html/probes.hpp"

#include <stdexcept>

#include "html/escape.hpp"
#include "html/plot.hpp"
#include "html/table_cell.hpp"
#include "report/console.hpp"
#include "report/json_field.hpp"

namespace tare::html {

using namespace report::lenient;

namespace {

ProbeEstimate probe_of(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("name")) throw std::runtime_error("a probe without a \"name\"");
  ProbeEstimate p;
  p.name = text_at(j, "name");
  p.clock = text_at(j, "clock");
  p.status = text_at(j, "status");
  p.calls = static_cast<std::uint64_t>(number_at(j, "calls").value_or(0));
  p.sampled_calls = static_cast<std::uint64_t>(number_at(j, "sampled_calls").value_or(0));
  p.mean_ns = number_at(j, "mean_ns");
  p.ci_low_ns = number_at(j, "ci_low_ns");
  p.ci_high_ns = number_at(j, "ci_high_ns");
  p.sampled_mean_ns = number_at(j, "sampled_mean_ns");
  p.sampled_ci_low_ns = number_at(j, "sampled_ci_low_ns");
  p.sampled_ci_high_ns = number_at(j, "sampled_ci_high_ns");
  p.warnings = texts_at(j, "warnings");
  return p;
}

std::string duration(const std::optional<double>& ns) { return ns ? report::format_duration_ns(*ns) : "–"; }

// Two rows: the coarse clock's estimate (what the probe reports) and the fine-clock sample.
std::string probe_chart(const ProbeEstimate& p) {
  std::vector<double> values;
  for (const auto& v : {p.mean_ns, p.ci_low_ns, p.ci_high_ns, p.sampled_mean_ns, p.sampled_ci_low_ns, p.sampled_ci_high_ns})
    if (v) values.push_back(*v);
  Plot plot("probe", "Mean time per call of " + p.name, padded_range(values, 0.1), {0.4, 2.6}, {638, 110, 150});
  plot.axes("ns per call", "", {true, false});
  const auto row = [&](double y, const char* name, const std::optional<double>& mean, const std::optional<double>& low,
                       const std::optional<double>& high, const std::string& css) {
    plot.y_label_at(y, name);
    if (low && high) plot.segment(*low, y, *high, y, css + "-ci", std::string(name) + ": " + duration(low) + " – " + duration(high));
    if (mean) plot.dot(*mean, y, 4.5, css, std::string(name) + ": " + duration(mean));
  };
  row(2, "coarse clock", p.mean_ns, p.ci_low_ns, p.ci_high_ns, "estimate");
  row(1, "fine-clock sample", p.sampled_mean_ns, p.sampled_ci_low_ns, p.sampled_ci_high_ns, "sampled");
  return plot.svg();
}

}  // namespace

std::vector<ProbeEstimate> probes_from_json(const nlohmann::json& document) {
  std::vector<ProbeEstimate> estimates;
  for (const auto& probe : required_array(document, "probes")) estimates.push_back(probe_of(probe));
  return estimates;
}

std::string probe_summary_rows(const std::vector<ProbeEstimate>& probes, const std::string& label,
                               const std::string& anchor) {
  std::string rows;
  for (const auto& p : probes)
    rows += "<tr>" + table_cell(label) + "<td><a href=\"#" + anchor + "\">" + escape(p.name) + "</a></td>" +
            table_cell(duration(p.mean_ns), p.mean_ns) +
            table_cell(p.ci_low_ns && p.ci_high_ns ? duration(p.ci_low_ns) + " – " + duration(p.ci_high_ns) : "–") +
            table_cell(std::to_string(p.calls), static_cast<double>(p.calls)) + table_cell(p.status) + "</tr>\n";
  return rows;
}

std::string probe_section(const std::vector<ProbeEstimate>& probes, const std::string& label, const std::string& anchor) {
  std::string html = "<section class=\"probes\" id=\"" + anchor + "\"><h2>Probes <span class=\"file\">" + escape(label) +
                     "</span></h2><div class=\"charts\">";
  std::string warnings;
  for (const auto& p : probes) {
    html += probe_chart(p);
    for (const auto& w : p.warnings) warnings += "<li>" + escape(p.name) + ": " + escape(w) + "</li>";
  }
  html += "</div>";
  if (!warnings.empty()) html += "<ul class=\"warnings\">" + warnings + "</ul>";
  return html + "</section>\n";
}

}  // namespace tare::html
