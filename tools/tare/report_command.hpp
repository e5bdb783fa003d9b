// `tare report FILE.json [MORE.json...] -o report.html`: one self-contained HTML page with
// sortable summaries and pictures of every run, comparison, stream run and probe (src/products/html).
#pragma once

#include <string>
#include <vector>

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct ReportArgs {
  std::vector<std::string> paths;  ///< JSON files tare wrote, in the order given
  std::string output;              ///< the HTML file to write
};

/// Adds `tare report` to `app`; returns the subcommand.
CLI::App* add_report_command(CLI::App& app, ReportArgs& args);

/// Reads every file (one that is not tare's is an input::UsageError naming it, before
/// anything is written), then writes the page atomically and says where.
int report_command(const ReportArgs& args);

}  // namespace tare::tool
