#include "runner/slurm_run.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "analysis/fleet_merge.hpp"
#include "input/output_path.hpp"
#include "report/console.hpp"
#include "report/fleet_json.hpp"
#include "report/fleet_text.hpp"
#include "report/json_read.hpp"
#include "runner/run.hpp"
#include "runner/slurm_allocation.hpp"
#include "runner/slurm_launcher.hpp"
#include "runner/worker_process.hpp"
#include "system/atomic_file.hpp"

namespace tare::runner {
namespace {

// A node runner: measures on its node alone, into the file its parent reads; no report,
// no history (the parent keeps neither for a fleet yet).
int run_on_node(const RunOptions& options, const std::vector<registry::Instance>& instances, const std::string& target,
                const std::string& results_path) {
  const auto space = target.find(' ');
  if (space == std::string::npos) throw std::runtime_error(std::string(kSlurmNodeEnv) + " is not '<job> <node>'");
  const SlurmJob job{find_slurm_commands(), target.substr(0, space)};
  const std::string node = target.substr(space + 1);
  const SlurmLauncher launcher(job, node);
  RunOptions on_node = options;
  on_node.json_path = results_path;
  on_node.csv_path.clear();
  on_node.history = "off";
  on_node.quiet = true;
  const Machine machine{&launcher, describe_node(job, node, executable_path(), options.timeout_seconds)};
  return exit_status(measure(on_node, instances, machine));
}

std::optional<results::Run> read_results(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  try {
    return report::read_json(in);
  } catch (const std::runtime_error&) {
    return std::nullopt;  // cut short: the runner's own words say why
  }
}

// A folder of this run's own for the node runners' results, removed with it.
class ResultsFolder {
 public:
  ResultsFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/tare-slurm-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a folder in " + pattern);
    path_ = pattern;
  }
  ~ResultsFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ResultsFolder(const ResultsFolder&) = delete;
  ResultsFolder& operator=(const ResultsFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

void print_fleet(const results::Fleet& fleet, const RunOptions& options) {
  for (const auto& machine : fleet.machines) {
    std::cout << "machine " << machine.name << " (Slurm job " << fleet.job << "): "
              << (machine.ok ? "ok" : "FAILED: " + machine.error) << "\n";
    if (machine.run) report::write_console(*machine.run, std::cout, console_options(options));
    std::cout << "\n";
  }
  report::write_fleet_summary(fleet, std::cout);
}

// Each benchmark's statistics across the machines that succeeded. One binary measures in
// one unit and mode everywhere; should the machines' results disagree anyway, the machines
// are still written, without the statistics, rather than lose what they measured.
void add_statistics(results::Fleet& fleet) {
  try {
    analysis::add_fleet_statistics(fleet);
  } catch (const std::invalid_argument& e) {
    std::cerr << "tare: no statistics across the machines: " << e.what() << "\n";
  }
}

int run_fleet(const RunOptions& options) {
  input::check_output_path(options.json_path, "--json");
  const SlurmCommands commands = reach_slurm();
  install_interrupt_handlers();
  const SlurmAllocation allocation(commands, options.slurm);
  const ResultsFolder folder;
  std::vector<NodeRunner> runners;
  for (const auto& node : allocation.nodes()) runners.push_back({node, (folder.path() / (node + ".json")).string()});
  if (!options.quiet)
    std::cerr << "Slurm job " << allocation.job().id << ": measuring on " << runners.size() << " node(s)\n";
  const auto outcomes = run_node_runners(executable_path(), options.arguments, allocation.job().id, runners);

  results::Fleet fleet{"slurm", allocation.job().id, {}, interrupted(), {}};
  for (std::size_t i = 0; i < runners.size(); ++i)
    fleet.machines.push_back(machine_run(runners[i].node, outcomes[i], read_results(runners[i].results_path)));
  add_statistics(fleet);
  if (!options.json_path.empty())
    system::write_file_atomically(options.json_path, [&](std::ostream& out) { report::write_fleet_json(fleet, out); });
  print_fleet(fleet, options);
  return fleet_exit_status(fleet);
}

}  // namespace

results::FleetMachine machine_run(const std::string& node, const NodeOutcome& outcome, std::optional<results::Run> run) {
  results::FleetMachine machine{node, false, "", std::move(run)};
  const bool exited_0 = WIFEXITED(outcome.wait_status) && WEXITSTATUS(outcome.wait_status) == 0;
  const std::string failed = machine.run ? analysis::first_failure(*machine.run) : "";
  machine.ok = exited_0 && machine.run && failed.empty();
  if (machine.ok) return machine;
  if (!failed.empty()) machine.error = failed;
  else if (!outcome.last_line.empty()) machine.error = outcome.last_line;
  else machine.error = "its runner " + describe_wait_status(outcome.wait_status);
  return machine;
}

int fleet_exit_status(const results::Fleet& fleet) {
  if (fleet.interrupted) return 130;
  return std::all_of(fleet.machines.begin(), fleet.machines.end(), [](const auto& m) { return m.ok; }) ? 0 : 1;
}

int run_on_slurm(const RunOptions& options, const std::vector<registry::Instance>& instances) {
  const char* target = std::getenv(kSlurmNodeEnv);
  const char* results_path = std::getenv(kSlurmNodeResultsEnv);
  if (target && results_path) return run_on_node(options, instances, target, results_path);
  return run_fleet(options);
}

}  // namespace tare::runner
