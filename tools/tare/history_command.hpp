// `tare history`: the results history that benchmark runs keep (docs/history.md). add
// (results files into it), list (its runs), show (each benchmark over its runs), export
// (every value it keeps), check (change points over commits), ack (a change expected). The
// store itself is src/core/store; the text is history_text, history_check_text and
// history_export.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tare::tool {

struct HistoryArgs {
  std::optional<std::string> history;  ///< --history; else $TARE_HISTORY, else the default place
  std::vector<std::string> files;      ///< add
  std::string commit, branch;          ///< add
  bool json = false;                   ///< list, show, check
  std::optional<std::string> filter;   ///< show, check
  std::optional<std::string> machine;  ///< show, check
  std::string format = "json";         ///< export
  std::string output;                  ///< export: empty for standard output
  std::string threshold = "2%";        ///< check
  std::string fail_on;                 ///< check: "" or slower
  std::optional<std::string> since;    ///< check: a commit (prefix) or a date
  std::string markdown;                ///< check: a file
  std::string benchmark, ack_commit, note;  ///< ack
  CLI::App* add = nullptr;
  CLI::App* list = nullptr;
  CLI::App* show = nullptr;
  CLI::App* export_all = nullptr;
  CLI::App* check = nullptr;
  CLI::App* ack = nullptr;
};

/// Adds `tare history` and its commands to `app`; returns it.
CLI::App* add_history_command(CLI::App& app, HistoryArgs& args);

/// Runs the command chosen. Returns the exit status; bad input throws input::UsageError.
int history_command(const HistoryArgs& args);

}  // namespace tare::tool
