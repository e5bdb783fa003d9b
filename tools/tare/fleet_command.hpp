// `tare fleet merge A.json B.json ... -o fleet.json`: the results of one benchmark binary
// run on several machines (one results file each) merged into one `tare.fleet/1` document,
// the machine at the top level, with each benchmark's per-machine and fleet intervals
// (docs/statistics.md, "Several machines").
#pragma once

#include <string>
#include <vector>

#include "results/fleet.hpp"

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct FleetArgs {
  std::vector<std::string> paths;  ///< results files, one per machine
  std::string output;              ///< the fleet document to write
};

/// Adds `tare fleet merge` to `app`; returns the `fleet` subcommand.
CLI::App* add_fleet_command(CLI::App& app, FleetArgs& args);

/// Reads each results file (one per machine, each with its own context), merges them
/// (analysis::merge_fleet) and writes the fleet document to `output` atomically. Every file
/// is read before anything is written; one that is not a tare results document, two from
/// the same host or a benchmark in different units is an input::UsageError naming it.
/// Returns the fleet written.
results::Fleet merge_results_files(const std::vector<std::string>& paths, const std::string& output);

/// merge_results_files, then the machines that failed (a benchmark failed on them: left
/// out of the statistics) and one line per benchmark: the fleet's score and interval, and
/// the machines named as disagreeing.
int fleet_command(const FleetArgs& args);

}  // namespace tare::tool
