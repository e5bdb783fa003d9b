#include "runner/slurm_launcher.hpp"

#include <chrono>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "clock/active_clock.hpp"
#include "report/json_read.hpp"
#include "report/json_write.hpp"
#include "runner/slurm_commands.hpp"
#include "runner/worker_process.hpp"
#include "system/capture.hpp"
#include "system/describe_clock.hpp"
#include "system/describe_machine.hpp"
#include "system/read_system_facts.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {
namespace {

// The clock's rate is timed on the node as in a run (run.cpp's kTscCalibration).
constexpr std::chrono::milliseconds kNodeClockCalibration{20};

std::string cpu_list(const std::vector<int>& cpus) {
  std::string list;
  for (int cpu : cpus) list += (list.empty() ? "" : ",") + std::to_string(cpu);
  return list;
}

// A worker in a job step: the local channel to srun, whose stdin and stdout are the step's,
// read through once the worker said where it runs.
class SlurmStep final : public WorkerChannel {
 public:
  SlurmStep(const SlurmJob& job, const std::string& node, const WorkerCommand& command, double timeout_seconds)
      : job_(job), node_(node) {
    guarded([&] { srun_ = std::make_unique<WorkerProcess>(step_command(command), timeout_seconds); });
  }
  ~SlurmStep() override {
    srun_.reset();  // srun ends first: the step loses its stdin
    if (!exited_ && !placement_.slurm_step.empty()) cancel_step(job_, placement_.slurm_step);
  }
  SlurmStep(const SlurmStep&) = delete;
  SlurmStep& operator=(const SlurmStep&) = delete;

  int pid() const override { return srun_->pid(); }
  std::string description() const override {
    return "worker on node " + node_ + (placement_.slurm_step.empty() ? "" : " (step " + placement_.slurm_step + ")");
  }
  void send(const std::string& command) override {
    guarded([&] { srun_->send(command); });
  }
  std::string read_line() override {
    std::string line;
    guarded([&] {
      if (placement_.node.empty()) read_placement();
      line = srun_->read_line();
    });
    return line;
  }
  void wait_for_exit() override {
    guarded([&] { srun_->wait_for_exit(); });
    exited_ = true;
  }
  Placement placement() const override { return placement_; }

 private:
  // srun with the worker's pipes as its stdin and stdout, the worker told so, on the node.
  WorkerCommand step_command(const WorkerCommand& command) const {
    WorkerCommand step = command;
    step.wrapper = {"/bin/sh", "-c", kStepPipesScript, job_.commands.srun};
    for (auto& arg : step_args(job_.id, node_)) step.wrapper.push_back(std::move(arg));
    step.wrapper.insert(step.wrapper.end(), command.wrapper.begin(), command.wrapper.end());
    step.environment.push_back(std::string(worker::kStdioEnv) + "=1");
    // srun's process is this machine's; the worker pins itself on the node.
    if (!command.cpus.empty()) step.environment.push_back(std::string(worker::kCpusEnv) + "=" + cpu_list(command.cpus));
    step.cpus.clear();
    return step;
  }

  void read_placement() {
    const std::string line = srun_->read_line();
    try {
      const worker::Placement at = worker::parse_placement(line);
      placement_ = {at.node, at.step};
    } catch (const worker::ProtocolError&) {
      throw WorkerFailure("did not start as a Slurm step: " + line);
    }
  }

  // The local channel's failures name srun's process; these name the node and the step.
  template <typename Body>
  void guarded(Body&& body) {
    try {
      body();
    } catch (const WorkerFailure& failure) {
      throw WorkerFailure(description() + ": " + failure.what());
    }
  }

  const SlurmJob& job_;
  std::string node_;
  std::unique_ptr<WorkerProcess> srun_;
  Placement placement_;
  bool exited_ = false;
};

}  // namespace

std::unique_ptr<WorkerChannel> SlurmLauncher::start(const WorkerCommand& command, double timeout_seconds) const {
  return std::make_unique<SlurmStep>(job_, node_, command, timeout_seconds);
}

int describe_this_machine() {
  results::Run run;
  clock::select_best(kNodeClockCalibration);
  system::describe_machine(run.context);
  system::describe_clock(run.context, clock::characterize_active());
  // Whether the node is ready to benchmark, as a local run keeps it (tare system); the
  // steal and other load over the run are the node runner's to measure, not known here.
  system::describe_system(run.context);
  report::write_json(run, std::cout);
  return std::cout.flush() ? 0 : 1;
}

results::Context describe_node(const SlurmJob& job, const std::string& node, const std::string& executable,
                               double timeout_seconds) {
  std::vector<std::string> args = step_args(job.id, node);
  args.push_back(executable);
  args.push_back(kDescribeFlag);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(timeout_seconds));
  const system::Captured step = system::capture_output(job.commands.srun, args, {deadline, 1u << 20});
  const std::string where = "node " + node + ": describing the machine";
  if (step.ending != system::Captured::Ending::ended || step.exit_status != 0) {
    const std::string said = first_line(step.errors);
    throw std::runtime_error(where + " failed" + (said.empty() ? "" : ": " + said));
  }
  std::istringstream json(step.output);
  try {
    return report::read_json(json).context;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(where + ": " + e.what());
  }
}

}  // namespace tare::runner
