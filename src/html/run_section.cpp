#include "html/run_section.hpp"

#include <cmath>
#include <utility>

#include "analysis/disturbance.hpp"
#include "analysis/fork_analysis.hpp"
#include "html/escape.hpp"
#include "html/number_text.hpp"
#include "html/profile_section.hpp"
#include "html/table_cell.hpp"
#include "report/console.hpp"
#include "report/enum_names.hpp"

namespace tare::html {
namespace {

std::optional<double> ci_percent(const results::Benchmark& b) {
  if (!b.ci || !b.score || *b.score == 0) return std::nullopt;
  return (b.ci->high - b.ci->low) / 2 / std::abs(*b.score) * 100;
}

std::string ci_text(const results::Benchmark& b) {
  const auto percent = ci_percent(b);
  if (!percent) return "–";
  return number_text("±%.2f%%", *percent);
}

const char* status_text(const results::Benchmark& b) {
  if (!b.skipped.empty()) return "skipped";
  return b.ok ? "ok" : "failed";
}

std::string benchmark_id(const std::string& anchor, std::size_t index) { return anchor + "-b" + std::to_string(index + 1); }

Estimate estimate_of(const results::Benchmark& b) {
  Estimate estimate;
  estimate.score = b.score;
  if (b.ci) estimate.ci = Range{b.ci->low, b.ci->high};
  return estimate;
}

std::string figures(const results::Benchmark& b) {
  std::string text = "<p class=\"figures\">";
  if (b.score) {
    text += "<strong>" + escape(report::format_score(*b.score, b.unit)) + "</strong>";
    if (b.ci)
      text += " (95% interval " + escape(report::format_score(b.ci->low, b.unit)) + " – " +
              escape(report::format_score(b.ci->high, b.unit)) + ", " + escape(ci_text(b)) + ")";
  } else {
    text += "<strong>no score</strong>";
  }
  text += " · " + std::to_string(b.forks.size()) + " forks · " + escape(report::mode_name(b.mode));
  if (b.threads > 1) text += " · " + std::to_string(b.threads) + " threads";
  if (!b.steady_state.empty()) text += " · steady state: " + escape(b.steady_state);
  if (!b.error.empty()) text += "<br><span class=\"error\">" + escape(b.error) + "</span>";
  return text + "</p>";
}

std::string warnings_list(const results::Benchmark& b) {
  if (b.warnings.empty()) return "";
  std::string list = "<ul class=\"warnings\">";
  for (const auto& warning : b.warnings) list += "<li>" + escape(warning) + "</li>";
  return list + "</ul>";
}

}  // namespace

std::vector<ForkSeries> fork_series(const results::Benchmark& b) {
  std::vector<ForkSeries> series;
  for (const auto& fork : b.forks) {
    if (fork.warmup.empty() && fork.samples.empty()) continue;
    ForkSeries s;
    bool waits_known = false;
    for (const auto* part : {&fork.warmup, &fork.samples})
      for (const auto& sample : *part) {
        s.values.push_back(analysis::sample_value(sample, b.mode, b.threads));
        const auto disturbed = analysis::is_disturbed(sample, b.threads);
        waits_known = waits_known || disturbed.has_value();
        s.disturbed.push_back(disturbed.value_or(false));
      }
    if (!waits_known) s.disturbed.clear();
    s.measured_from = fork.warmup.size();
    for (const int cp : fork.changepoints)
      if (cp >= 0) s.changepoints.push_back(static_cast<std::size_t>(cp));
    if (fork.ok && !fork.samples.empty()) s.mean = fork.mean;
    s.scored = fork.ok;
    series.push_back(std::move(s));
  }
  return series;
}

std::string run_summary_rows(const results::Run& run, const std::string& label, const std::string& anchor) {
  std::string rows;
  for (std::size_t i = 0; i < run.benchmarks.size(); ++i) {
    const auto& b = run.benchmarks[i];
    rows += "<tr class=\"" + std::string(status_text(b)) + "\">";
    rows += table_cell(label);
    rows += "<td><a href=\"#" + benchmark_id(anchor, i) + "\">" + escape(b.name) + "</a></td>";
    rows += b.score ? table_cell(report::format_score(*b.score, b.unit), *b.score) : table_cell("–");
    rows += table_cell(b.unit);
    rows += table_cell(ci_text(b), ci_percent(b));
    rows += table_cell(std::to_string(b.forks.size()), static_cast<double>(b.forks.size()));
    rows += table_cell(b.steady_state.empty() ? "–" : b.steady_state);
    rows += table_cell(std::to_string(b.warnings.size()), static_cast<double>(b.warnings.size()));
    rows += table_cell(status_text(b));
    rows += "</tr>\n";
  }
  return rows;
}

std::string run_sections(const results::Run& run, const std::string& label, const std::string& anchor) {
  std::string html;
  for (std::size_t i = 0; i < run.benchmarks.size(); ++i) {
    const auto& b = run.benchmarks[i];
    html += "<section class=\"benchmark\" id=\"" + benchmark_id(anchor, i) + "\"><h2>" + escape(b.name) +
            " <span class=\"file\">" + escape(label) + "</span></h2>";
    html += figures(b) + warnings_list(b) + profile_figures(b);
    const auto series = fork_series(b);
    if (!series.empty()) {
      const Estimate estimate = estimate_of(b);
      html += "<div class=\"charts\">" + run_sequence_chart(series, b.unit) + fork_means_chart(series, estimate, b.unit) +
              distribution_chart(series, estimate, b.unit) + "</div>";
    }
    html += "</section>\n";
  }
  return html;
}

std::string run_context(const results::Run& run, const std::string& label) {
  const auto& c = run.context;
  std::vector<std::pair<std::string, std::string>> items = {
      {"File", label},
      {"Date", c.date},
      {"Host", c.host},
      {"Executable", c.executable},
      {"Command line", c.command_line},
      {"tare", c.tare_version},
      {"CPU", c.cpu.model + " (" + std::to_string(c.cpu.cores) + " cores)"},
      {"Build", c.build.compiler + " " + c.build.type + " " + c.build.flags},
      {"Clock", c.clock.name},
      {"Seed", std::to_string(c.seed)},
  };
  std::string html = "<dl class=\"context\">";
  for (const auto& [name, value] : items)
    if (!value.empty()) html += "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>";
  html += "</dl>";
  if (!c.warnings.empty()) {
    html += "<ul class=\"warnings\">";
    for (const auto& warning : c.warnings) html += "<li>" + escape(warning) + "</li>";
    html += "</ul>";
  }
  return html;
}

}  // namespace tare::html
