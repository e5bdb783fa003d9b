// `tare report RESULTS.json [MORE.json...] -o report.html`: one self-contained HTML page
// with a sortable summary and pictures of every benchmark (src/html).
#pragma once

#include <string>
#include <vector>

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct ReportArgs {
  std::vector<std::string> paths;  ///< results files, in the order given
  std::string output;              ///< the HTML file to write
};

/// Adds `tare report` to `app`; returns the subcommand.
CLI::App* add_report_command(CLI::App& app, ReportArgs& args);

/// Reads every file (a file that is not tare's results is an input::UsageError naming it,
/// before anything is written), then writes the page atomically and says where.
int report_command(const ReportArgs& args);

}  // namespace tare::tool
