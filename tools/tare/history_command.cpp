#include "tools/tare/history_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "input/output_path.hpp"
#include "input/percent.hpp"
#include "input/usage_error.hpp"
#include "runner/run.hpp"
#include "store/history_check.hpp"
#include "store/open_history.hpp"
#include "system/atomic_file.hpp"
#include "tools/tare/history_check_text.hpp"
#include "tools/tare/history_export.hpp"
#include "tools/tare/history_input.hpp"
#include "tools/tare/history_store.hpp"
#include "tools/tare/history_text.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

constexpr const char* kHistoryHelp =
    "The results history: a file, or a postgresql://user@host:port/db URL (default: $TARE_HISTORY, else "
    "$XDG_DATA_HOME/tare/history.sqlite or ~/.local/share/tare/history.sqlite)";

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
  auto history = open_named_history(args.history, true);
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
  auto history = open_named_history(args.history, false);
  const auto runs = store::stored_runs(history->database(), false, false);
  if (args.json) write_run_list_json(history->location(), runs, std::cout);
  else write_run_list(runs, std::cout);
  return 0;
}

int show_scores(const HistoryArgs& args) {
  const auto filter = name_filter(args.filter);
  auto history = open_named_history(args.history, false);
  auto& db = history->database();
  store::ScoreQuery query;
  query.machine = args.machine;
  if (filter) query.names = matching_names(store::stored_benchmark_names(db), *filter);
  auto scores = store::stored_scores(db, query);
  const auto marks = change_marks(store::check_scores(scores, {}, store::acknowledgements(db)));
  const auto series = score_series(std::move(scores));
  if (args.json) write_series_json(history->location(), series, marks, std::cout);
  else write_series(series, marks, runner::terminal_glyphs(), std::cout);
  return 0;
}

// --since: a date (2026-12-01, or ISO 8601 with a time in UTC or with an offset), else a
// commit the history keeps (a prefix).
void read_since(const std::string& since, store::Database& db, store::CheckQuery& query) {
  if (const auto time = store::parse_utc_date(since.size() == 10 ? since + "T00:00:00Z" : since)) {
    query.since_time = *time;
    return;
  }
  if (store::commits_named(db, "", since).empty())
    throw UsageError("--since " + since + ": neither a date (2026-12-01) nor a commit of a run the history keeps");
  query.since_commit = since;
}

int check_changes(const HistoryArgs& args) {
  if (!args.fail_on.empty() && args.fail_on != "slower")
    throw UsageError("--fail-on " + args.fail_on + ": the only condition is \"slower\"");
  store::CheckQuery query;
  query.threshold = input::parse_percent(args.threshold, "--threshold") / 100;
  if (!args.markdown.empty()) input::check_output_path(args.markdown, "--markdown");
  const auto filter = name_filter(args.filter);
  auto history = open_named_history(args.history, false);
  auto& db = history->database();
  query.machine = args.machine;
  if (filter) query.names = matching_names(store::stored_benchmark_names(db), *filter);
  if (args.since) read_since(*args.since, db, query);
  const auto checked = store::check_history(db, query);
  if (args.json) write_check_json(history->location(), checked, query.threshold, std::cout);
  else write_check(checked, query.threshold, std::cout);
  if (!args.markdown.empty())
    system::write_file_atomically(args.markdown, [&](std::ostream& out) { write_check_markdown(checked, query.threshold, out); });
  if (args.fail_on != "slower") return 0;
  const int slower = alert_count(checked, true);
  if (slower > 0)
    std::cerr << "tare: " << slower << (slower == 1 ? " change makes" : " changes make")
              << " a benchmark slower beyond the threshold, not acknowledged\n";
  return slower > 0 ? 1 : 0;
}

int acknowledge_change(const HistoryArgs& args) {
  auto history = open_named_history(args.history, false);
  auto& db = history->database();
  const auto names = store::stored_benchmark_names(db);
  if (std::find(names.begin(), names.end(), args.benchmark) == names.end())
    throw UsageError(args.benchmark + ": no benchmark of that name in " + history->location());
  const auto commits = store::commits_named(db, args.benchmark, args.ack_commit);
  if (commits.empty())
    throw UsageError(args.ack_commit + ": no run of " + args.benchmark + " at a commit that begins so");
  if (commits.size() > 1)
    throw UsageError(args.ack_commit + ": names " + std::to_string(commits.size()) + " commits of " + args.benchmark +
                     " (" + commits[0] + ", " + commits[1] + (commits.size() > 2 ? ", ..." : "") + "): give more of it");
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  try {
    store::acknowledge(db, {args.benchmark, commits[0], args.note,
                            std::chrono::duration_cast<std::chrono::seconds>(now).count()});
  } catch (const store::StoreError& e) {
    throw std::runtime_error(history->location() + ": not updated: " + e.what());
  }
  std::cout << args.benchmark << " at " << commits[0] << ": the change is acknowledged\n";
  return 0;
}

int export_history(const HistoryArgs& args) {
  if (args.format != "json" && args.format != "csv")
    throw UsageError("--format " + args.format + ": expected json or csv");
  if (!args.output.empty()) input::check_output_path(args.output, "--output");
  auto history = open_named_history(args.history, false);
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
  auto* history = app.add_subcommand("history", "The runs kept in the results history: add, list, show, export, check, ack");
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
  args.check = history->add_subcommand("check", "Change points over commits: where each benchmark's score moved");
  args.check->add_option("--filter", args.filter, "Only the benchmarks whose name matches this regular expression")
      ->type_name("REGEX");
  args.check->add_option("--machine", args.machine, "Only the runs of this machine (as list names it)");
  args.check->add_option("--threshold", args.threshold, "An alert is a change at least this large")
      ->type_name("PERCENT")
      ->capture_default_str();
  args.check->add_option("--fail-on", args.fail_on, "Exit 1 when an alert makes a benchmark slower")
      ->type_name("slower");
  args.check->add_option("--since", args.since, "Only the changes from this commit or date on (the runs before count)")
      ->type_name("REV|DATE");
  args.check->add_option("--markdown", args.markdown, "Also write the changes as Markdown (a pull request's comment)")
      ->type_name("FILE");
  args.check->add_flag("--json", args.json, "As JSON");
  args.ack = history->add_subcommand("ack", "Acknowledge a change as expected: check no longer alerts on it");
  args.ack->add_option("benchmark", args.benchmark, "The benchmark's name")->required();
  args.ack->add_option("commit", args.ack_commit, "The first commit after the change (as check names it)")->required();
  args.ack->add_option("--note", args.note, "Why the change was expected");
  for (auto* command : {args.add, args.list, args.show, args.export_all, args.check, args.ack})
    add_history_option(command, args);
  history->footer("Examples:\n  ./bench --history runs.sqlite && tare history show --history runs.sqlite\n"
                  "  tare history add results.json --commit $(git rev-parse HEAD)\n"
                  "  tare history show --filter sort --json\n"
                  "  tare history check --threshold 2% --fail-on slower --markdown comment.md\n"
                  "  tare history ack sort/size=1000 4b77160 --note 'a new algorithm'");
  return history;
}

int history_command(const HistoryArgs& args) {
  if (*args.add) return add_files(args);
  if (*args.list) return list_runs(args);
  if (*args.show) return show_scores(args);
  if (*args.check) return check_changes(args);
  if (*args.ack) return acknowledge_change(args);
  return export_history(args);
}

}  // namespace tare::tool
