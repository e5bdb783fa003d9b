// The Slurm side of a Slurm run: the commands found and the cluster reached before anything
// runs, then an exclusive allocation of the nodes asked for, held for the run and given
// back (scancel) when it ends, however it ends.
#pragma once

#include <string>
#include <vector>

#include "runner/options.hpp"

namespace tare::runner {

/// The Slurm commands, as paths found on PATH.
struct SlurmCommands {
  std::string srun, salloc, sinfo, squeue, scontrol, scancel;
};

/// A job whose nodes the steps run on, and the commands that reach it.
struct SlurmJob {
  SlurmCommands commands;
  std::string id;
};

/// Finds the commands on PATH; throws UsageError naming the first missing one ("Slurm is not
/// installed here: no srun on PATH").
SlurmCommands find_slurm_commands();

/// Ends one step of a job ("<job id>.<step id>": a worker the runner gave up on), bounded in
/// time; a step that ended already is no error.
void cancel_step(const SlurmJob& job, const std::string& step);

/// Finds the commands and asks sinfo whether the cluster answers. Throws UsageError, in one
/// line, when srun (or another) is not on PATH ("Slurm is not installed here") or sinfo
/// fails ("Slurm is not reachable").
SlurmCommands reach_slurm();

/// An exclusive allocation of nodes that runs no shell: steps are started into it.
class SlurmAllocation {
 public:
  /// Asks salloc for the nodes (waiting at most kAllocationWaitSeconds) and lists them.
  /// Throws std::runtime_error saying what Slurm said when they are not granted.
  SlurmAllocation(const SlurmCommands& commands, const SlurmRequest& request);
  /// Gives the allocation back.
  ~SlurmAllocation();
  SlurmAllocation(const SlurmAllocation&) = delete;
  SlurmAllocation& operator=(const SlurmAllocation&) = delete;

  const SlurmJob& job() const { return job_; }
  const std::vector<std::string>& nodes() const { return nodes_; }

 private:
  SlurmJob job_;
  std::vector<std::string> nodes_;
};

}  // namespace tare::runner
