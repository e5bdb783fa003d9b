#include "tools/tare/fleet_command.hpp"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <stdexcept>

#include "analysis/fleet_merge.hpp"
#include "input/usage_error.hpp"
#include "input/output_path.hpp"
#include "report/fleet_json.hpp"
#include "report/fleet_text.hpp"
#include "report/json_read.hpp"
#include "system/atomic_file.hpp"

namespace tare::tool {
namespace {

results::Run read_machine_run(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw input::UsageError(path + ": cannot be read");
  try {
    return report::read_json(in);
  } catch (const std::runtime_error& e) {
    throw input::UsageError(path + ": " + e.what());
  }
}

results::Fleet merged(const std::vector<std::string>& paths) {
  std::vector<results::Run> runs;
  for (const auto& path : paths) runs.push_back(read_machine_run(path));
  try {
    return analysis::merge_fleet(std::move(runs));
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(e.what());
  }
}

// The machines left out of the statistics, with why.
void print_failed_machines(const results::Fleet& fleet) {
  for (const auto& m : fleet.machines)
    if (!m.ok) std::cout << "machine " << m.name << ": FAILED: " << m.error << " (not counted)\n";
}

}  // namespace

CLI::App* add_fleet_command(CLI::App& app, FleetArgs& args) {
  auto* fleet = app.add_subcommand("fleet", "Results of one benchmark binary on several machines");
  fleet->require_subcommand(1);
  auto* merge = fleet->add_subcommand(
      "merge", "Merge results files (one per machine) into one document: per-machine and fleet intervals");
  merge->add_option("results", args.paths, "Results JSON files (--json), one per machine")->required();
  merge->add_option("-o,--output", args.output, "The fleet JSON file to write (tare.fleet/1)")->required();
  merge->footer("Example:\n  tare fleet merge node1.json node2.json node3.json -o fleet.json");
  return fleet;
}

results::Fleet merge_results_files(const std::vector<std::string>& paths, const std::string& output) {
  input::check_output_path(output, "--output");
  results::Fleet fleet = merged(paths);
  system::write_file_atomically(output, [&](std::ostream& out) { report::write_fleet_json(fleet, out); });
  return fleet;
}

int fleet_command(const FleetArgs& args) {
  const results::Fleet fleet = merge_results_files(args.paths, args.output);
  print_failed_machines(fleet);
  report::write_fleet_summary(fleet, std::cout);
  std::cout << "tare: wrote " << args.output << " (" << fleet.machines.size() << " machines)\n";
  return 0;
}

}  // namespace tare::tool
