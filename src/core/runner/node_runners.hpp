// A Slurm run measures on every node at once: one runner per node, each this executable
// again with the same command line, told through its environment which job and node it
// measures on and where it writes its results (tare.results/1). Each is a whole run of
// its own, isolated in its own process (its own clock, interrupt and children), and a
// node that fails ends its runner alone.
#pragma once

#include <string>
#include <vector>

namespace tare::runner {

/// "<job id> <node>": set in a node runner's environment.
inline constexpr const char* kSlurmNodeEnv = "TARE_SLURM_NODE";
/// Where the node runner writes its results JSON.
inline constexpr const char* kSlurmNodeResultsEnv = "TARE_SLURM_NODE_RESULTS";

struct NodeRunner {
  std::string node;
  std::string results_path;
};

struct NodeOutcome {
  int wait_status = 0;
  std::string last_line;  ///< the last line it printed (its error, when it failed)
};

/// Starts `executable arguments...` once per node, all at once, and waits for all of them;
/// returns their outcomes in the nodes' order. Ctrl-C is passed on to them: each stops after
/// its current fork and writes what it measured. Every wait of theirs is bounded (the
/// worker's --timeout), so this wait is too.
std::vector<NodeOutcome> run_node_runners(const std::string& executable, const std::vector<std::string>& arguments,
                                          const std::string& job, const std::vector<NodeRunner>& nodes);

}  // namespace tare::runner
