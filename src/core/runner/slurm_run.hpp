// --launcher slurm (docs/slurm.md). The runner the user starts finds Slurm (before anything
// runs), holds an exclusive allocation of the nodes, and starts a node runner per node
// (runner/node_runners); each measures the whole suite on its node, its forks Slurm job
// steps there (runner/slurm_launcher), its context described there. Their results are
// gathered with the machine at the top (results/fleet.hpp), with each benchmark's
// statistics across the machines that succeeded (analysis/fleet_merge.hpp): the console
// shows each machine's report and the fleet's interval, --json writes them all.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "registry/registry.hpp"
#include "results/fleet.hpp"
#include "runner/node_runners.hpp"
#include "runner/options.hpp"

namespace tare::runner {

/// Runs the suite as --launcher slurm asks; returns the exit status (0 all ran everywhere,
/// 1 a node or a benchmark failed, 130 interrupted). Throws UsageError before anything runs
/// when Slurm is not installed or not reachable.
int run_on_slurm(const RunOptions& options, const std::vector<registry::Instance>& instances);

/// One machine's part, from how its runner ended and the results it wrote (nullopt: none):
/// ok when it exited 0 with every benchmark run (or skipped by itself); otherwise the
/// error says why, from the first benchmark that failed or the runner's last words.
results::FleetMachine machine_run(const std::string& node, const NodeOutcome& outcome, std::optional<results::Run> run);

/// The exit status of a fleet run: 130 interrupted, 1 when a machine failed, else 0.
int fleet_exit_status(const results::Fleet& fleet);

}  // namespace tare::runner
