#include "html/run_section.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "analysis/disturbance.hpp"
#include "analysis/fork_analysis.hpp"
#include "html/escape.hpp"
#include "html/number_text.hpp"
#include "html/profile_section.hpp"
#include "html/table_cell.hpp"
#include "report/console.hpp"
#include "report/enum_names.hpp"
#include "report/score_interval.hpp"
#include "report/warning_names.hpp"
#include "report/warning_text.hpp"
#include "report/warning_words.hpp"

namespace tare::html {
namespace {

// An interval's half-width relative to the score, in percent.
std::optional<double> relative_percent(const std::optional<results::Interval>& ci, const results::Benchmark& b) {
  if (!ci || !b.score || *b.score == 0) return std::nullopt;
  return (ci->high - ci->low) / 2 / std::abs(*b.score) * 100;
}

// The headline interval (report::headline_interval: across runs when known, else this
// run's), the one the console and the exports show.
std::optional<results::Interval> headline(const results::Benchmark& b) {
  const auto ci = report::headline_interval(b);
  return ci ? std::optional(ci->interval) : std::nullopt;
}

std::optional<double> ci_percent(const results::Benchmark& b) { return relative_percent(headline(b), b); }

// "±1.60% across runs": the number with the name of its interval.
std::string ci_text(const results::Benchmark& b) {
  const auto percent = ci_percent(b);
  if (!percent) return "–";
  return number_text("±%.2f%% ", *percent) + report::scope_words(report::headline_interval(b)->scope);
}

// The interval's words in a chart's tooltips: "95% interval across runs".
std::string ci_label(const results::Benchmark& b) {
  const auto ci = report::headline_interval(b);
  return ci ? "95% interval " + std::string(report::scope_words(ci->scope)) : "95% interval";
}

const char* status_text(const results::Benchmark& b) {
  if (!b.skipped.empty()) return "skipped";
  return b.ok ? "ok" : "failed";
}

std::string benchmark_id(const std::string& anchor, std::size_t index) { return anchor + "-b" + std::to_string(index + 1); }

Estimate estimate_of(const results::Benchmark& b) {
  Estimate estimate;
  estimate.score = b.score;
  if (const auto ci = headline(b)) estimate.ci = Range{ci->low, ci->high};
  estimate.ci_label = ci_label(b);
  return estimate;
}

// What the forks' series looked like, counted by class ("4 flat, 1 warmup"): the words a
// reader knows, where the class across forks ("good inconsistent") is a term of art.
std::string steady_text(const results::Benchmark& b) {
  std::vector<std::pair<results::SteadyClass, int>> counts;
  for (const results::Fork& f : b.forks) {
    if (!f.ok) continue;
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == f.steady_class; });
    if (it == counts.end()) counts.emplace_back(f.steady_class, 1);
    else ++it->second;
  }
  std::string text;
  for (const auto& [steady_class, n] : counts)
    text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + report::steady_class_name(steady_class);
  return text;
}

// Beside an interval across runs, this run's own, named: what more forks would narrow.
std::string own_interval(const results::Benchmark& b) {
  const auto own = relative_percent(b.ci, b);
  if (!b.ci_across_runs || !own) return "";
  return "; this run's own, over its forks: " + number_text("±%.2f%%", *own);
}

std::string figures(const results::Benchmark& b) {
  std::string text = "<p class=\"figures\">";
  if (b.score) {
    text += "<strong>" + escape(report::format_score(*b.score, b.unit)) + "</strong>";
    if (const auto ci = headline(b))
      text += " (" + escape(ci_label(b)) + ": " + escape(report::format_score(ci->low, b.unit)) + " – " +
              escape(report::format_score(ci->high, b.unit)) + ", " + number_text("±%.2f%%", *ci_percent(b)) +
              own_interval(b) + ")";
  } else {
    text += "<strong>no score</strong>";
  }
  text += " · " + std::to_string(b.forks.size()) + " forks · " + escape(report::mode_name(b.mode));
  if (b.threads > 1) text += " · " + std::to_string(b.threads) + " threads";
  if (const std::string steady = steady_text(b); !steady.empty()) text += " · forks: " + escape(steady);
  if (!b.error.empty()) text += "<br><span class=\"error\">" + escape(b.error) + "</span>";
  return text + "</p>";
}

// Every warning, coloured by weight; acknowledged ones say so.
std::string warnings_list(const results::Benchmark& b) {
  if (b.warnings.empty()) return "";
  std::string list = "<ul class=\"warnings\">";
  for (const auto& w : b.warnings) {
    list += "<li class=\"" + std::string(report::severity_name(w.severity)) + "\" title=\"" +
            report::warning_code_name(w.code) + "\">" + escape(report::warning_words(w, b.unit)) + (w.acknowledged ? " (acknowledged)" : "") +
            "</li>";
  }
  return list + "</ul>";
}

// The warnings cell: what makes the score unusable, else how many warnings there are.
std::string warnings_cell(const results::Benchmark& b) {
  if (const results::Warning* w = report::detail::first_unusable(b))
    return std::string("✗ ").append(report::warning_code_name(w->code));
  const auto shown = std::count_if(b.warnings.begin(), b.warnings.end(), [](const auto& w) { return !w.acknowledged; });
  return std::to_string(shown);
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
    // Calibration: the first batches, each larger than the one before, until the batch size is found.
    while (s.calibration + 1 < fork.warmup.size() && fork.warmup[s.calibration].ops < fork.warmup[s.calibration + 1].ops)
      ++s.calibration;
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
    const std::string steady = steady_text(b);
    rows += table_cell(steady.empty() ? "–" : steady);
    rows += table_cell(warnings_cell(b), static_cast<double>(b.warnings.size()));
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
      html += "<div class=\"charts\">" + warmup_chart(series, estimate, b.unit) + run_sequence_chart(series, b.unit) +
              fork_means_chart(series, estimate, b.unit) + distribution_chart(series, estimate, b.unit) + "</div>";
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
