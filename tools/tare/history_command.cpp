#include "tools/tare/history_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <regex>

#include "input/output_path.hpp"
#include "input/usage_error.hpp"
#include "runner/run.hpp"
#include "store/open_history.hpp"
#include "system/atomic_file.hpp"
#include "tools/tare/history_export.hpp"
#include "tools/tare/history_input.hpp"
#include "tools/tare/history_text.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

constexpr const char* kHistoryHelp =
    "The results history: a file, or a postgresql://user@host:port/db URL (default: $TARE_HISTORY, else "
    "$XDG_DATA_HOME/tare/history.sqlite or ~/.local/share/tare/history.sqlite)";

// The results history the arguments name; made when `create` (tare history add).
std::unique_ptr<store::ResultsHistory> open_named_history(const HistoryArgs& args, bool create) {
  const auto choice = store::choose_history(args.history, store::results_history_available());
  if (choice.kind == store::HistoryChoice::Kind::none)
    throw UsageError((choice.named.empty() ? std::string("no history") : choice.named) +
                     ": the history commands need a results history (--history PATH or URL)");
  if (choice.kind == store::HistoryChoice::Kind::speed_lines)
    throw UsageError(choice.named + ": a speed history of JSON lines keeps no runs; `tare history add " +
                     choice.path.string() + "` imports its readings into a results history");
  try {
    return store::open_results_history(choice, create);
  } catch (const store::StoreError& e) {
    throw UsageError(choice.named + ": " + e.what());
  }
}

// Each in its own transaction: what was added before a failure stays added.
void add_inputs(store::ResultsHistory& history, const std::vector<HistoryInput>& inputs) {
  for (const auto& input : inputs) {
    if (input.speed_history) {
      const auto imported = history.import_speed_history(input.path);
      if (imported) std::cout << input.path << ": " << *imported << " speed readings imported\n";
      else std::cout << input.path << ": imported before, not again\n";
    } else if (history.add(input.row)) {
      std::cout << input.path << ": added (" << input.row.benchmarks.size() << " benchmarks)\n";
    } else {
      std::cout << input.path << ": kept already (the same run), not added again\n";
    }
  }
}

int add_all(const HistoryArgs& args, const std::vector<HistoryInput>& inputs) {
  auto history = open_named_history(args, true);
  try {
    add_inputs(*history, inputs);
  } catch (const store::StoreError& e) {  // a read-only file, a full disk: what was added stays
    throw std::runtime_error(history->location() + ": not updated: " + e.what());
  }
  return 0;
}

int add_files(const HistoryArgs& args) {
  store::RunOrigin origin;
  origin.commit = args.commit;
  origin.branch = args.branch;
  std::vector<HistoryInput> inputs;  // all read before any is added
  for (const auto& file : args.files) inputs.push_back(read_history_input(file, origin));
  return add_all(args, inputs);
}

int list_runs(const HistoryArgs& args) {
  auto history = open_named_history(args, false);
  const auto runs = store::stored_runs(history->database(), false, false);
  if (args.json) write_run_list_json(history->location(), runs, std::cout);
  else write_run_list(runs, std::cout);
  return 0;
}

std::optional<std::regex> name_filter(const std::optional<std::string>& filter) {
  if (!filter) return std::nullopt;
  try {
    return std::regex(*filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw UsageError("--filter " + *filter + ": not a valid regular expression (" + e.what() + ")");
  }
}

int show_scores(const HistoryArgs& args) {
  const auto filter = name_filter(args.filter);
  auto history = open_named_history(args, false);
  auto& db = history->database();
  store::ScoreQuery query;
  query.machine = args.machine;
  if (filter) query.names = matching_names(store::stored_benchmark_names(db), *filter);
  const auto series = score_series(store::stored_scores(db, query));
  if (args.json) write_series_json(history->location(), series, std::cout);
  else write_series(series, runner::terminal_glyphs(), std::cout);
  return 0;
}

int export_history(const HistoryArgs& args) {
  if (args.format != "json" && args.format != "csv")
    throw UsageError("--format " + args.format + ": expected json or csv");
  if (!args.output.empty()) input::check_output_path(args.output, "--output");
  auto history = open_named_history(args, false);
  // Written as it is read (a long history's results are hundreds of MB); a file whole or
  // not at all.
  const auto write = [&](std::ostream& out) {
    if (args.format == "json") write_history_json(history->location(), history->database(), out);
    else write_history_csv(history->database(), out);
  };
  if (args.output.empty()) write(std::cout);
  else system::write_file_atomically(args.output, write);
  std::cout << std::flush;
  return 0;
}

void add_history_option(CLI::App* command, HistoryArgs& args) {
  command->add_option("--history", args.history, kHistoryHelp)->type_name("PATH|URL");
}

}  // namespace

CLI::App* add_history_command(CLI::App& app, HistoryArgs& args) {
  auto* history = app.add_subcommand("history", "The runs kept in the results history: add, list, show, export");
  history->require_subcommand(1);
  args.add = history->add_subcommand("add", "Keep results files in the history (the same run is kept once)");
  args.add->add_option("files", args.files,
                       "tare results (--json), Google Benchmark JSON, or a speed history of JSON lines (.jsonl)")
      ->required();
  args.add->add_option("--commit", args.commit, "The commit the runs were built from");
  args.add->add_option("--branch", args.branch, "The branch the runs were built from");
  args.list = history->add_subcommand("list", "The runs kept: when, commit, machine, how many benchmarks");
  args.list->add_flag("--json", args.json, "As JSON");
  args.show = history->add_subcommand("show", "Each benchmark over its runs: score and interval per run, a sparkline");
  args.show->add_option("--filter", args.filter, "Only the benchmarks whose name matches this regular expression")
      ->type_name("REGEX");
  args.show->add_option("--machine", args.machine, "Only the runs of this machine (as list names it)");
  args.show->add_flag("--json", args.json, "As JSON");
  args.export_all = history->add_subcommand("export", "Every value the history keeps, as JSON or CSV");
  args.export_all->add_option("--format", args.format, "json or csv")->capture_default_str();
  args.export_all->add_option("-o,--output", args.output, "Write to this file (all of it or nothing)");
  for (auto* command : {args.add, args.list, args.show, args.export_all}) add_history_option(command, args);
  history->footer("Examples:\n  ./bench --history runs.sqlite && tare history show --history runs.sqlite\n"
                  "  tare history add results.json --commit $(git rev-parse HEAD)\n"
                  "  tare history show --filter sort --json");
  return history;
}

int history_command(const HistoryArgs& args) {
  if (*args.add) return add_files(args);
  if (*args.list) return list_runs(args);
  if (*args.show) return show_scores(args);
  return export_history(args);
}

}  // namespace tare::tool
