#include "tools/tare/history_text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

#include "report/table.hpp"
#include "report/units.hpp"
#include "system/describe_machine.hpp"

namespace tare::tool {
namespace {

using ListJson = nlohmann::ordered_json;

ListJson listed_interval(const std::optional<results::Interval>& interval) {
  if (!interval) return nullptr;
  return ListJson{{"level", interval->level}, {"low", interval->low}, {"high", interval->high}};
}

ListJson listed_or_null(const std::string& text) { return text.empty() ? ListJson(nullptr) : ListJson(text); }

std::string score_text(double value) { return fmt::format("{:.4g}", value); }

std::string interval_words(const std::optional<results::Interval>& interval, double factor) {
  if (!interval) return "-";
  return "[" + score_text(interval->low * factor) + ", " + score_text(interval->high * factor) + "]";
}

using report::detail::Align;
using report::detail::Table;

std::vector<report::detail::Cell> row_cells(const std::vector<std::string>& texts) {
  std::vector<report::detail::Cell> row;
  for (const auto& text : texts) row.push_back({text});
  return row;
}

void write_history_table(const Table& table, const std::string& indent, std::ostream& out) {
  for (const auto& line : table.render(false)) out << indent << line << "\n";
}

void dump_listing(const ListJson& document, std::ostream& out) {
  out << document.dump(2, ' ', false, ListJson::error_handler_t::replace) << "\n";
}

}  // namespace

std::string run_when(const std::string& date, std::int64_t time) {
  std::string when = date.empty() ? system::iso8601_utc(static_cast<std::time_t>(time)) : date;
  std::replace(when.begin(), when.end(), 'T', ' ');
  if (!when.empty() && when.back() == 'Z') when.pop_back();
  return when;
}

std::string short_commit(const std::string& commit, std::optional<bool> dirty) {
  if (commit.empty()) return "-";
  return commit.substr(0, 12) + (dirty.value_or(false) ? " (dirty)" : "");
}

std::vector<ScoreSeries> score_series(std::vector<store::StoredScore> scores, const std::optional<std::regex>& filter) {
  std::vector<ScoreSeries> series;
  std::map<std::string, bool> wanted;  // by name: the expression is searched once per name
  for (auto& score : scores) {
    const auto& b = score.benchmark;
    auto [known, added] = wanted.emplace(b.name, true);
    if (added && filter) known->second = std::regex_search(b.name, *filter);
    if (!known->second) continue;
    if (series.empty() || series.back().name != b.name || series.back().mode != b.mode ||
        series.back().unit != b.unit || series.back().machine != score.machine)
      series.push_back({b.name, b.mode, b.unit, score.machine, {}});
    series.back().runs.push_back(std::move(score));
  }
  return series;
}

void write_run_list(const std::vector<store::StoredRun>& runs, std::ostream& out) {
  if (runs.empty()) {
    out << "no runs kept yet\n";
    return;
  }
  Table table({{"run", Align::right},
                       {"when (UTC)", Align::left},
                       {"commit", Align::left},
                       {"branch", Align::left},
                       {"machine", Align::left},
                       {"benchmarks", Align::right}});
  for (const auto& run : runs)
    table.add_row(row_cells({std::to_string(run.id), run_when(run.row.date, run.row.time),
                   short_commit(run.row.origin.commit, run.row.origin.dirty),
                   run.row.origin.branch.empty() ? "-" : run.row.origin.branch, run.row.machine,
                   std::to_string(run.benchmark_count)}));
  write_history_table(table, "", out);
}

void write_run_list_json(const std::string& history, const std::vector<store::StoredRun>& runs, std::ostream& out) {
  ListJson list = ListJson::array();
  for (const auto& run : runs) {
    const auto& r = run.row;
    list.push_back({{"id", run.id},
                    {"date", listed_or_null(r.date)},
                    {"time", r.time},
                    {"commit", listed_or_null(r.origin.commit)},
                    {"branch", listed_or_null(r.origin.branch)},
                    {"dirty", r.origin.dirty ? ListJson(*r.origin.dirty) : ListJson(nullptr)},
                    {"machine", r.machine},
                    {"format", r.format},
                    {"benchmarks", run.benchmark_count}});
  }
  dump_listing(ListJson{{"history", history}, {"runs", std::move(list)}}, out);
}

void write_series(const std::vector<ScoreSeries>& series, report::Glyphs glyphs, std::ostream& out) {
  if (series.empty()) {
    out << "no benchmark kept matches\n";
    return;
  }
  for (std::size_t i = 0; i < series.size(); ++i) {
    const ScoreSeries& s = series[i];
    std::vector<double> scores;
    for (const auto& run : s.runs)
      if (run.benchmark.score) scores.push_back(*run.benchmark.score);
    // One scale for the whole table (Mops/s, µs/op), chosen by the latest score.
    const auto scale = report::detail::pick_scale(scores.empty() ? 0 : scores.back(), s.unit);
    out << (i ? "\n" : "") << s.name << "  " << s.mode << ", " << scale.unit << "  on " << s.machine << "\n";
    out << "  " << s.runs.size() << (s.runs.size() == 1 ? " run" : " runs");
    if (const std::string line = report::sparkline(scores, glyphs); !line.empty()) out << "  " << line;
    out << "\n";
    Table table({{"run", Align::right},
                         {"when (UTC)", Align::left},
                         {"commit", Align::left},
                         {"score", Align::right},
                         {"interval", Align::left},
                         {"across runs", Align::left},
                         {"forks", Align::right}});
    for (const auto& run : s.runs) {
      const auto& b = run.benchmark;
      table.add_row(row_cells({std::to_string(run.run_id), run_when(run.date, run.time), short_commit(run.commit),
                     b.score ? score_text(*b.score * scale.factor) : "-", interval_words(b.ci, scale.factor),
                     interval_words(b.ci_across_runs, scale.factor),
                     std::to_string(b.forks)}));
    }
    write_history_table(table, "  ", out);
  }
}

void write_series_json(const std::string& history, const std::vector<ScoreSeries>& series, std::ostream& out) {
  ListJson list = ListJson::array();
  for (const auto& s : series) {
    ListJson runs = ListJson::array();
    for (const auto& run : s.runs) {
      const auto& b = run.benchmark;
      runs.push_back({{"run", run.run_id},
                      {"date", listed_or_null(run.date)},
                      {"time", run.time},
                      {"commit", listed_or_null(run.commit)},
                      {"score", b.score ? ListJson(*b.score) : ListJson(nullptr)},
                      {"ci", listed_interval(b.ci)},
                      {"ci_across_runs", listed_interval(b.ci_across_runs)},
                      {"standard_error", b.standard_error},
                      {"forks", b.forks},
                      {"code", listed_or_null(b.code_digest)}});
    }
    list.push_back({{"name", s.name}, {"mode", s.mode}, {"unit", s.unit}, {"machine", s.machine}, {"runs", std::move(runs)}});
  }
  dump_listing(ListJson{{"history", history}, {"benchmarks", std::move(list)}}, out);
}

}  // namespace tare::tool
