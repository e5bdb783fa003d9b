#include "runner/slurm_allocation.hpp"

#include <chrono>
#include <stdexcept>

#include "runner/slurm_commands.hpp"
#include "system/capture.hpp"
#include "system/find_on_path.hpp"

namespace tare::runner {
namespace {

// What the cluster's controller takes to answer a query, at most; salloc's own wait is
// bounded by --immediate, and this adds the same margin to it.
constexpr auto kQuerySeconds = std::chrono::seconds(30);

std::string require(const char* name) {
  const auto path = system::find_on_path(name);
  if (!path) throw UsageError(std::string("Slurm is not installed here: no ") + name + " on PATH (--launcher slurm)");
  return *path;
}

system::Captured ask(const std::string& program, const std::vector<std::string>& args, std::chrono::seconds wait) {
  return system::capture_output(program, args, {std::chrono::steady_clock::now() + wait, 1u << 20});
}

bool answered(const system::Captured& c) { return c.ending == system::Captured::Ending::ended && c.exit_status == 0; }

// Why a command did not answer, in a few words.
std::string why(const system::Captured& c) {
  using Ending = system::Captured::Ending;
  switch (c.ending) {
    case Ending::not_started: return c.start_error;
    case Ending::deadline: return "no answer in time";
    case Ending::too_much_output: return "too much output";
    case Ending::interrupted: return "interrupted";
    case Ending::ended: break;
  }
  const std::string said = first_line(c.errors);
  return said.empty() ? "exit status " + std::to_string(c.exit_status) : said;
}

}  // namespace

SlurmCommands find_slurm_commands() {
  SlurmCommands commands;
  commands.srun = require("srun");
  commands.salloc = require("salloc");
  commands.sinfo = require("sinfo");
  commands.squeue = require("squeue");
  commands.scontrol = require("scontrol");
  commands.scancel = require("scancel");
  return commands;
}

void cancel_step(const SlurmJob& job, const std::string& step) {
  ask(job.commands.scancel, {step}, kQuerySeconds);
}

SlurmCommands reach_slurm() {
  SlurmCommands commands = find_slurm_commands();
  const auto info = ask(commands.sinfo, {"--noheader", "--format=%P"}, kQuerySeconds);
  if (!answered(info)) throw UsageError("Slurm is not reachable: sinfo failed: " + why(info));
  return commands;
}

SlurmAllocation::SlurmAllocation(const SlurmCommands& commands, const SlurmRequest& request) {
  job_.commands = commands;
  const auto salloc = ask(commands.salloc, salloc_args(request),
                          std::chrono::seconds(kAllocationWaitSeconds) + kQuerySeconds);
  // salloc says what it was granted on stderr, and may have been granted it even when it
  // failed afterwards: whatever job it names is given back.
  if (auto granted = granted_job(salloc.errors)) job_.id = *granted;
  if (!answered(salloc) || job_.id.empty()) {
    if (!job_.id.empty()) ask(commands.scancel, {job_.id}, kQuerySeconds);
    throw std::runtime_error("Slurm granted no allocation: salloc: " + why(salloc));
  }
  const auto listed = ask(commands.squeue, {"--noheader", "--jobs=" + job_.id, "--format=%N"}, kQuerySeconds);
  const auto expanded = answered(listed) ? ask(commands.scontrol, {"show", "hostnames", first_line(listed.output)},
                                               kQuerySeconds)
                                         : listed;
  if (answered(expanded)) nodes_ = node_names(expanded.output);
  if (nodes_.empty()) {
    ask(commands.scancel, {job_.id}, kQuerySeconds);
    throw std::runtime_error("Slurm job " + job_.id + ": cannot list its nodes: " + why(expanded));
  }
}

SlurmAllocation::~SlurmAllocation() { ask(job_.commands.scancel, {job_.id}, kQuerySeconds); }

}  // namespace tare::runner
