// A worker started as a Slurm job step: srun forwards the step's stdin and stdout and no
// other descriptor, so the protocol's pipes (kCommandFd, kReplyFd) are made of those, the
// benchmark's own output goes to stderr (which srun forwards apart), and the worker says
// first where it runs, so that the runner can record which node and which step ran each fork.
#pragma once

#include <optional>

#include "worker/protocol_replies.hpp"

namespace tare::worker {

/// When the environment holds kStdioEnv: moves stdin and stdout to kCommandFd and kReplyFd,
/// points stdout at stderr and stdin at /dev/null, pins this process to the CPUs kCpusEnv
/// lists (best effort: one it cannot be pinned to is no error), and returns where it runs
/// (SLURMD_NODENAME, else the host name; SLURM_JOB_ID.SLURM_STEP_ID, "-" outside Slurm).
/// nullopt, touching nothing, otherwise.
std::optional<Placement> adopt_stdio_pipes();

}  // namespace tare::worker
