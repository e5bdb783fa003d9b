// The Slurm commands a Slurm run gives and what it reads from their answers, as pure
// functions of text (the processes are runner/slurm_allocation's and slurm_launcher's). tare
// links nothing of Slurm: it talks to the cluster through salloc, srun, squeue, scontrol,
// sinfo and scancel, found on PATH.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runner/options.hpp"

namespace tare::runner {

/// How long salloc may wait for the nodes before it gives up (salloc --immediate): a busy
/// cluster is normal, a run that never starts is not.
inline constexpr int kAllocationWaitSeconds = 600;

/// salloc's arguments: an exclusive allocation of the nodes asked for that holds no shell
/// (the steps are started into it), the user's own arguments last.
std::vector<std::string> salloc_args(const SlurmRequest& request);

/// The job id in salloc's messages ("salloc: Granted job allocation 42"); nullopt when no
/// allocation was granted.
std::optional<std::string> granted_job(const std::string& salloc_messages);

/// The node names `scontrol show hostnames` printed, one a line, blanks dropped.
std::vector<std::string> node_names(const std::string& hostnames_output);

/// srun's arguments for one step of one task on `node` of job `job`, with every resource
/// the job has there (a fork's threads are not squeezed onto one CPU) and sharing them with
/// the job's other steps (the two workers of a `tare ab` pair are alive at once), Slurm's
/// own messages off; the command follows them.
std::vector<std::string> step_args(const std::string& job, const std::string& node);

/// The shell line that starts srun (its path in $0, its arguments in "$@") with the pipes a
/// worker is given on descriptors 3 and 4 as its stdin and stdout: srun forwards only those.
inline constexpr const char* kStepPipesScript = "exec \"$0\" \"$@\" <&3 >&4 3<&- 4>&-";

/// The first line of a command's complaint, for a one-line message ("" when it said nothing).
std::string first_line(const std::string& text);

}  // namespace tare::runner
