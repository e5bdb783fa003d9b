#include "tools/tare/history_check_text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/table.hpp"
#include "tools/tare/history_text.hpp"
#include "tools/tare/markdown_text.hpp"

namespace tare::tool {
namespace {

using CheckJson = nlohmann::ordered_json;
using report::detail::Align;

std::string signed_percent(double relative) { return fmt::format("{:+.1f}%", relative * 100); }

const char* code_word(analysis::CodeChange code) {
  switch (code) {
    case analysis::CodeChange::changed: return "changed";
    case analysis::CodeChange::same: return "same";
    case analysis::CodeChange::unknown: break;
  }
  return "unknown";
}

std::string direction_word(const analysis::ChangePoint& change) { return change.slower ? "slower" : "faster"; }

std::string status_word(const store::CheckedChange& c) {
  if (c.acknowledged) return "acknowledged" + (c.acknowledged->note.empty() ? "" : ": " + c.acknowledged->note);
  if (c.alert()) return "ALERT";
  return "within threshold";
}

std::size_t changes_found(const std::vector<store::CheckedSeries>& checked) {
  std::size_t count = 0;
  for (const auto& series : checked) count += series.changes.size();
  return count;
}

std::string check_summary(const std::vector<store::CheckedSeries>& checked, double threshold) {
  const int alerts = alert_count(checked, false);
  return fmt::format("{} benchmark series checked, {} change point{}, {} alert{} (beyond {}, not acknowledged)",
                     checked.size(), changes_found(checked), changes_found(checked) == 1 ? "" : "s", alerts,
                     alerts == 1 ? "" : "s", fmt::format("{:g}%", threshold * 100));
}

}  // namespace

int alert_count(const std::vector<store::CheckedSeries>& checked, bool slower_only) {
  int alerts = 0;
  for (const auto& series : checked)
    for (const auto& c : series.changes) alerts += c.alert() && (!slower_only || c.change.slower);
  return alerts;
}

void write_check(const std::vector<store::CheckedSeries>& checked, double threshold, std::ostream& out) {
  out << check_summary(checked, threshold) << "\n";
  if (changes_found(checked) == 0) return;
  report::detail::Table table({{"benchmark", Align::left},
                               {"machine", Align::left},
                               {"first commit", Align::left},
                               {"run", Align::right},
                               {"change", Align::left},
                               {"interval (95%)", Align::left},
                               {"code", Align::left},
                               {"status", Align::left}});
  for (const auto& series : checked)
    for (const auto& c : series.changes)
      table.add_row({{series.name}, {series.machine}, {short_commit(c.change.commit)}, {std::to_string(c.run_id)},
                     {signed_percent(c.change.size) + " " + direction_word(c.change)},
                     {"[" + signed_percent(c.change.low) + ", " + signed_percent(c.change.high) + "]"}, {code_word(c.change.code)},
                     {status_word(c)}});
  out << "\n";
  for (std::string line : table.render(false)) out << line.erase(line.find_last_not_of(' ') + 1) << "\n";
}

void write_check_markdown(const std::vector<store::CheckedSeries>& checked, double threshold, std::ostream& out) {
  const int alerts = alert_count(checked, false);
  out << "### tare history check: " << (alerts ? fmt::format("{} alert{}", alerts, alerts == 1 ? "" : "s") : "no alerts")
      << "\n\n";
  if (changes_found(checked) > 0) {
    out << "| benchmark | machine | first commit | change | interval (95%) | timed code | status |\n"
        << "|---|---|---|---|---|---|---|\n";
    for (const auto& series : checked)
      for (const auto& c : series.changes)
        out << "| " << markdown_code_cell(series.name) << " | " << markdown_code_cell(series.machine) << " | "
            << markdown_code_cell(short_commit(c.change.commit)) << " | " << signed_percent(c.change.size) << " "
            << direction_word(c.change) << " | " << signed_percent(c.change.low) << " to " << signed_percent(c.change.high) << " | "
            << code_word(c.change.code) << " | "
            << (c.alert() ? std::string("**alert**") : markdown_code_cell(status_word(c))) << " |\n";
    out << "\n";
  }
  out << check_summary(checked, threshold) << ".\n";
}

void write_check_json(const std::string& history, const std::vector<store::CheckedSeries>& checked, double threshold,
                      std::ostream& out) {
  CheckJson benchmarks = CheckJson::array();
  for (const auto& series : checked) {
    CheckJson changes = CheckJson::array();
    for (const auto& c : series.changes) {
      CheckJson acknowledged = nullptr;
      if (c.acknowledged)
        acknowledged = {{"commit", c.acknowledged->commit},
                        {"note", c.acknowledged->note.empty() ? CheckJson(nullptr) : CheckJson(c.acknowledged->note)},
                        {"time", c.acknowledged->time}};
      changes.push_back({{"run", c.run_id},
                         {"commit", c.change.commit.empty() ? CheckJson(nullptr) : CheckJson(c.change.commit)},
                         {"date", c.date.empty() ? CheckJson(nullptr) : CheckJson(c.date)},
                         {"time", c.time},
                         {"size", c.change.size},
                         {"ci", {{"level", c.change.level}, {"low", c.change.low}, {"high", c.change.high}}},
                         {"direction", direction_word(c.change)},
                         {"code", code_word(c.change.code)},
                         {"beyond_threshold", c.beyond_threshold},
                         {"acknowledged", acknowledged},
                         {"alert", c.alert()}});
    }
    benchmarks.push_back({{"name", series.name},
                          {"mode", series.mode},
                          {"unit", series.unit},
                          {"machine", series.machine},
                          {"runs", series.runs},
                          {"between_run_sd", series.between_run_sd},
                          {"spikes", series.spikes},
                          {"changes", std::move(changes)}});
  }
  const CheckJson document{{"history", history},
                           {"threshold", threshold},
                           {"alerts", alert_count(checked, false)},
                           {"benchmarks", std::move(benchmarks)}};
  out << document.dump(2, ' ', false, CheckJson::error_handler_t::replace) << "\n";
}

}  // namespace tare::tool
