#include "tools/tare/report_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <set>

#include "html/history_page.hpp"
#include "html/page.hpp"
#include "input/output_path.hpp"
#include "input/usage_error.hpp"
#include "store/history_check.hpp"
#include "system/atomic_file.hpp"
#include "tools/tare/history_store.hpp"
#include "tools/tare/history_text.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

void write_page(const std::string& output, const std::string& page) {
  system::write_file_atomically(output, [&](std::ostream& out) { out << page; });
}

std::string machines_kept(store::Database& db) {
  std::set<std::string> machines;
  for (const auto& run : store::stored_runs(db, false, false)) machines.insert(run.row.machine);
  std::string list;
  for (const auto& machine : machines) list += (list.empty() ? "" : "; ") + machine;
  return list;
}

// The series the arguments ask for, or a UsageError saying why there are none.
std::vector<store::ScoreSeries> asked_series(const ReportArgs& args, const std::optional<std::regex>& filter,
                                             store::ResultsHistory& history) {
  auto& db = history.database();
  const auto names = store::stored_benchmark_names(db);
  if (names.empty()) throw UsageError(history.location() + ": no benchmark's runs kept yet, nothing to draw");
  store::ScoreQuery query;
  query.machine = args.machine;
  if (filter) {
    query.names = matching_names(names, *filter);
    if (query.names->empty())
      throw UsageError("--filter " + *args.filter + ": matches none of the " + std::to_string(names.size()) +
                       " benchmarks kept in " + history.location());
  }
  auto series = store::score_series(store::stored_scores(db, query));
  if (series.empty() && args.machine)
    throw UsageError("--machine " + *args.machine + ": no runs of it kept (machines: " + machines_kept(db) + ")");
  if (series.empty()) throw UsageError(history.location() + ": no benchmark's runs kept yet, nothing to draw");
  return series;
}

// The change points `tare history check` finds (its default threshold, acknowledgements
// shown as kept), to be marked on the series they cut.
std::vector<html::ChangeMark> page_change_marks(const std::vector<store::ScoreSeries>& series, store::Database& db) {
  std::vector<store::StoredScore> scores;
  for (const auto& s : series) scores.insert(scores.end(), s.runs.begin(), s.runs.end());
  std::vector<html::ChangeMark> marks;
  for (const auto& checked : store::check_scores(std::move(scores), {}, store::acknowledgements(db)))
    for (const auto& c : checked.changes)
      marks.push_back({checked.name, checked.machine, c.run_id, 100 * c.change.size,
                       results::Interval{c.change.level, 100 * c.change.low, 100 * c.change.high}});
  return marks;
}

int history_report(const ReportArgs& args, const std::optional<std::string>& history) {
  const auto filter = name_filter(args.filter);  // a bad expression is told before the history is opened
  auto opened = open_named_history(history, false);
  auto series = asked_series(args, filter, *opened);
  auto marks = page_change_marks(series, opened->database());
  html::HistoryView view{opened->location(), std::move(series), std::move(marks)};
  write_page(args.output, html::history_page(view));
  std::size_t runs = 0;
  for (const auto& drawn : view.series) runs += drawn.runs.size();
  std::cout << "tare: wrote " << args.output << " (" << view.series.size()
            << (view.series.size() == 1 ? " benchmark, " : " benchmarks, ") << runs << " scores, from "
            << view.location << ")\n";
  return 0;
}

int files_report(const ReportArgs& args) {
  if (args.filter || args.machine)
    throw UsageError(std::string(args.filter ? "--filter" : "--machine") +
                     ": only for a results history (--history PATH); results files are drawn whole");
  std::vector<html::ReportFile> files;
  for (const auto& path : args.paths) files.push_back(html::read_report_file(path));
  write_page(args.output, html::report_page(files));
  std::cout << "tare: wrote " << args.output << " (" << files.size() << " file" << (files.size() == 1 ? "" : "s")
            << ")\n";
  return 0;
}

// The results history the arguments name, if the page is to be of one: --history, a
// positional file that is a history (alone), or no file at all (TARE_HISTORY, the default).
std::optional<std::optional<std::string>> history_asked(const ReportArgs& args) {
  std::vector<std::string> histories;
  for (const auto& path : args.paths)
    if (html::is_results_history(path)) histories.push_back(path);
  if (args.history && !args.paths.empty())
    throw UsageError("--history " + *args.history + " and " + args.paths.front() +
                     ": a history's page is a page of its own; report results files apart");
  if (!histories.empty() && args.paths.size() > 1)
    throw UsageError(histories.front() + ": a results history, reported alone (tare report " + histories.front() +
                     " -o history.html); report results files apart");
  if (args.history) return std::optional<std::string>(args.history);
  if (!histories.empty()) return std::optional<std::string>(histories.front());
  if (args.paths.empty()) return std::optional<std::string>();
  return std::nullopt;
}

}  // namespace

CLI::App* add_report_command(CLI::App& app, ReportArgs& args) {
  auto* command = app.add_subcommand(
      "report", "One self-contained HTML page with pictures of results (runs, comparisons, stream runs, probes) or "
                "of a results history (each benchmark over its runs)");
  command->add_option("results", args.paths,
                      "JSON files tare wrote: a benchmark binary's --json, tare compare/ab --json, tare stream run "
                      "--json, the probe's JSON; or one results history (SQLite). None: the history of --history, "
                      "else $TARE_HISTORY, else the default one");
  command->add_option("-o,--output", args.output, "The HTML file to write")->required();
  command->add_option("--history", args.history, "Draw this results history: each benchmark over its runs")
      ->type_name("PATH");
  command->add_option("--filter", args.filter, "Of a history: only the benchmarks whose name matches this regular "
                                               "expression")
      ->type_name("REGEX");
  command->add_option("--machine", args.machine, "Of a history: only the runs of this machine (as tare history list "
                                                 "names it)");
  command->footer("Examples:\n  ./bench --json run.json && tare report run.json -o report.html\n"
                  "  tare ab ./bench_old ./bench_new --json ab.json && tare report ab.json -o ab.html\n"
                  "  tare report --history runs.sqlite --filter sort -o history.html");
  return command;
}

int report_command(const ReportArgs& args) {
  input::check_output_path(args.output, "--output");
  if (const auto history = history_asked(args)) return history_report(args, *history);
  return files_report(args);
}

}  // namespace tare::tool
