// `tare report FILE.json [MORE.json...] -o report.html`: one self-contained HTML page with
// sortable summaries and pictures of every run, comparison, stream run and probe; and
// `tare report --history PATH -o history.html` (or a history's path as the one file, or no
// file: $TARE_HISTORY, else the default history): a results history's benchmarks over
// their runs (src/products/html).
#pragma once

#include <optional>
#include <string>
#include <vector>

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct ReportArgs {
  std::vector<std::string> paths;      ///< JSON files tare wrote, in the order given (or one results history)
  std::string output;                  ///< the HTML file to write
  std::optional<std::string> history;  ///< --history: the results history to draw
  std::optional<std::string> filter;   ///< --filter: of a history, the benchmarks whose name it finds
  std::optional<std::string> machine;  ///< --machine: of a history, the runs of this machine
};

/// Adds `tare report` to `app`; returns the subcommand.
CLI::App* add_report_command(CLI::App& app, ReportArgs& args);

/// Reads every file (one that is not tare's is an input::UsageError naming it, before
/// anything is written), or the history and the series asked for (a missing or empty
/// history, or a --filter or --machine that finds nothing, is an input::UsageError), then
/// writes the page atomically and says where.
int report_command(const ReportArgs& args);

}  // namespace tare::tool
