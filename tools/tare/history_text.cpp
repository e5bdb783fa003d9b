#include "tools/tare/history_text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <string_view>

#include "report/table.hpp"
#include "report/text.hpp"
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

constexpr std::size_t kSparklineRuns = 60;
using report::detail::Table;

std::vector<report::detail::Cell> row_cells(const std::vector<std::string>& texts) {
  std::vector<report::detail::Cell> row;
  for (const auto& text : texts) row.push_back({text});
  return row;
}

void write_history_table(const Table& table, const std::string& indent, std::ostream& out) {
  for (const auto& line : table.render(false)) out << indent << line << "\n";
}

// A row of show's table. Its columns are few and fixed, and a long history has many rows
// (10,000 a benchmark): written straight into one buffer.
using ScoreRow = std::array<std::string, 8>;
constexpr std::array<const char*, 8> kScoreHeaders{"run", "when (UTC)", "commit", "score", "interval", "across runs",
                                                   "forks", "change"};
constexpr std::array<bool, 8> kScoreRightAligned{true, false, false, true, false, false, true, false};

std::size_t cell_width(std::string_view text) {
  for (const unsigned char c : text)
    if (c >= 0x80) return report::detail::display_width(text);  // a commit named in other letters
  return text.size();
}

void write_score_rows(const std::vector<ScoreRow>& rows, std::ostream& out) {
  std::array<std::size_t, 8> widths{};
  for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = std::string_view(kScoreHeaders[c]).size();
  for (const auto& row : rows)
    for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = std::max(widths[c], cell_width(row[c]));
  fmt::memory_buffer text;
  const auto line = [&](const auto& cells) {
    text.append(std::string_view("  "));
    for (std::size_t c = 0; c < widths.size(); ++c) {
      const std::string_view cell(cells[c]);
      const std::size_t pad = widths[c] - cell_width(cell);
      if (c > 0) text.append(std::string_view("  "));
      if (kScoreRightAligned[c]) fmt::format_to(std::back_inserter(text), "{:{}}", "", pad);
      text.append(cell);
      if (!kScoreRightAligned[c] && c + 1 < widths.size()) fmt::format_to(std::back_inserter(text), "{:{}}", "", pad);
    }
    text.push_back('\n');
  };
  line(kScoreHeaders);
  for (const auto& row : rows) line(row);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// "▲ +5.1% slower" beside the first run after a change ("^" and "v" in ASCII: the table is
// read in any terminal), "" elsewhere.
std::string change_mark_text(const analysis::ChangePoint* change) {
  if (!change) return "";
  return fmt::format("{} {:+.1f}% {}", change->size > 0 ? "^" : "v", change->size * 100,
                     change->slower ? "slower" : "faster");
}

ListJson listed_change(const analysis::ChangePoint* change) {
  if (!change) return nullptr;
  return ListJson{{"size", change->size},
                  {"ci", {{"level", change->level}, {"low", change->low}, {"high", change->high}}},
                  {"direction", change->slower ? "slower" : "faster"}};
}

// The change that begins at this run of the series, if one does.
const analysis::ChangePoint* mark_of(const ChangeMarks& marks, const ScoreSeries& s, std::int64_t run) {
  const auto it = marks.find({s.name, s.mode, s.unit, s.machine, run});
  return it == marks.end() ? nullptr : &it->second;
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

std::vector<std::string> matching_names(const std::vector<std::string>& names, const std::regex& filter) {
  std::vector<std::string> matching;
  for (const auto& name : names)
    if (std::regex_search(name, filter)) matching.push_back(name);
  return matching;
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

ChangeMarks change_marks(const std::vector<store::CheckedSeries>& checked) {
  ChangeMarks marks;
  for (const auto& s : checked)
    for (const auto& c : s.changes) marks.emplace(std::make_tuple(s.name, s.mode, s.unit, s.machine, c.run_id), c.change);
  return marks;
}

void write_series(const std::vector<ScoreSeries>& series, const ChangeMarks& marks, report::Glyphs glyphs,
                  std::ostream& out) {
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
    // The latest runs only: a line that fits a terminal.
    const bool cut = scores.size() > kSparklineRuns;
    if (cut) scores.erase(scores.begin(), scores.end() - kSparklineRuns);
    if (const std::string line = report::sparkline(scores, glyphs); !line.empty())
      out << "  " << line << (cut ? " (the last " + std::to_string(kSparklineRuns) + ")" : "");
    out << "\n";
    std::vector<ScoreRow> rows;
    rows.reserve(s.runs.size());
    for (const auto& run : s.runs) {
      const auto& b = run.benchmark;
      rows.push_back({std::to_string(run.run_id), run_when(run.date, run.time), short_commit(run.commit),
                      b.score ? score_text(*b.score * scale.factor) : "-", interval_words(b.ci, scale.factor),
                      interval_words(b.ci_across_runs, scale.factor), std::to_string(b.forks),
                      change_mark_text(mark_of(marks, s, run.run_id))});
    }
    write_score_rows(rows, out);
  }
}

void write_series_json(const std::string& history, const std::vector<ScoreSeries>& series, const ChangeMarks& marks,
                       std::ostream& out) {
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
                      {"code", listed_or_null(b.code_digest)},
                      {"change", listed_change(mark_of(marks, s, run.run_id))}});
    }
    list.push_back({{"name", s.name}, {"mode", s.mode}, {"unit", s.unit}, {"machine", s.machine}, {"runs", std::move(runs)}});
  }
  dump_listing(ListJson{{"history", history}, {"benchmarks", std::move(list)}}, out);
}

}  // namespace tare::tool
