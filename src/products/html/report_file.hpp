// What `tare report` reads: any of the result files tare writes, told apart by their schema.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "html/comparison.hpp"
#include "html/probes.hpp"
#include "html/stream_run.hpp"
#include "results/results.hpp"

namespace tare::html {

struct ReportFile {
  std::string label;  ///< the file's name, as the page calls it
  /// A microbenchmark run (tare.results/1), a comparison (tare.compare/2), a stream run
  /// (tare.stream.run/1) or the probe's estimates (tare.probe/1).
  std::variant<results::Run, Comparison, StreamRun, std::vector<ProbeEstimate>> content;
};

/// Reads `path`. A file that cannot be read, is not JSON, or is JSON of some other kind
/// (Google Benchmark's, a stream search's) is an input::UsageError naming the file.
ReportFile read_report_file(const std::string& path);

/// Whether `path` is an SQLite database, as a results history is (its first 16 bytes say
/// so): the one file `tare report` draws as a history's page rather than reads as results.
bool is_results_history(const std::string& path);

}  // namespace tare::html
