// The Slurm launcher (runner/launcher.hpp): each worker is a job step of one task on one node
// of an allocation, started by srun with the worker's pipes as the step's stdin and stdout
// (worker/stdio_pipes.hpp), so the runner drives it exactly as a local one. The worker's
// first line says which node and which step run it; a step the runner gives up on is
// cancelled. The executable must be at the same path on the nodes (a shared file system).
#pragma once

#include <memory>
#include <string>

#include "results/results.hpp"
#include "runner/launcher.hpp"
#include "runner/slurm_allocation.hpp"

namespace tare::runner {

class SlurmLauncher final : public Launcher {
 public:
  SlurmLauncher(SlurmJob job, std::string node) : job_(std::move(job)), node_(std::move(node)) {}
  std::unique_ptr<WorkerChannel> start(const WorkerCommand& command, double timeout_seconds) const override;

 private:
  SlurmJob job_;
  std::string node_;
};

/// The first argument that makes a benchmark binary print its machine's context (a
/// tare.results/1 document without benchmarks) and exit: what a step on each node runs.
inline constexpr const char* kDescribeFlag = "--tare-describe-machine";

/// Prints this machine's context, its clock chosen as a run's would be (kDescribeFlag).
int describe_this_machine();

/// The context of `node`, described there by a step of `executable`. Throws
/// std::runtime_error saying what went wrong (the step failed, printed no results JSON).
results::Context describe_node(const SlurmJob& job, const std::string& node, const std::string& executable,
                               double timeout_seconds);

}  // namespace tare::runner
