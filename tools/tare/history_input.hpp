// What `tare history add` reads: a benchmark binary's results (tare.results/1), a Google
// Benchmark JSON file (Google Benchmark's own or a tare::gbench binary's), or a speed
// history of JSON lines (its readings imported once). Read and checked whole before
// anything is added, so that a bad file among several adds none.
#pragma once

#include <string>

#include "store/run_rows.hpp"

namespace tare::tool {

struct HistoryInput {
  std::string path;
  bool speed_history = false;  ///< a .jsonl speed history: imported, no run
  store::RunRow row;           ///< the run, when not a speed history
};

/// Reads `path` as a run kept with `origin` (its commit and branch as given). A run whose
/// results carry no date is dated by the file's modification time. Throws
/// input::UsageError naming the file for one that cannot be read as results.
HistoryInput read_history_input(const std::string& path, const store::RunOrigin& origin);

}  // namespace tare::tool
