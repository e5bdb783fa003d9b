// `tare export`: a microbenchmark run's results (tare.results/1, what a benchmark binary
// writes with --json) in a format another tool reads: JMH's result JSON, Bencher's BMF,
// github-action-benchmark's custom format, or CSV. The formats themselves are src/products/export.
#pragma once

#include <string>

#include "results/results.hpp"

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct ExportArgs {
  std::string path;         ///< the results file
  std::string format;       ///< jmh, bmf, github-action, csv
  std::string output;       ///< empty: standard output
  std::string direction;    ///< github-action: smaller or bigger; empty: the run's one direction
};

/// Adds `tare export` to `app`; returns the subcommand.
CLI::App* add_export_command(CLI::App& app, ExportArgs& args);

/// Reads `path` as tare's results of a microbenchmark run. A file that cannot be opened,
/// Google Benchmark's JSON, a stream benchmark's results or anything else that is not
/// tare.results/1 is an input::UsageError naming the file and the problem in one line.
results::Run read_export_input(const std::string& path);

/// Runs `tare export`: the export on standard output or, with -o, in a file written
/// atomically (all of it or none). Benchmarks left out are noted on standard error.
/// Returns the exit status; bad input throws input::UsageError.
int export_command(const ExportArgs& args);

}  // namespace tare::tool
