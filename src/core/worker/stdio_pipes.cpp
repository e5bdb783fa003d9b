#include "worker/stdio_pipes.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "text/split.hpp"
#include "worker/protocol.hpp"

namespace tare::worker {
namespace {

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string node_name() {
  std::string node = variable("SLURMD_NODENAME");
  if (!node.empty()) return node;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

std::string step_name() {
  const std::string job = variable("SLURM_JOB_ID"), step = variable("SLURM_STEP_ID");
  return job.empty() || step.empty() ? "-" : job + "." + step;
}

// The runner pins a local worker from outside, at once (runner/worker_process); a worker in
// a job step on another machine pins itself, before the benchmark is set up.
void pin_to_listed_cpus() {
  const std::string listed = variable(kCpusEnv);
  if (listed.empty()) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (const auto& cpu : text::split(listed, ',')) {
    const int n = std::atoi(cpu.c_str());
    if (n >= 0 && n < CPU_SETSIZE) CPU_SET(n, &set);
  }
  sched_setaffinity(0, sizeof set, &set);
}

}  // namespace

std::optional<Placement> adopt_stdio_pipes() {
  if (variable(kStdioEnv).empty()) return std::nullopt;
  dup2(STDIN_FILENO, kCommandFd);
  dup2(STDOUT_FILENO, kReplyFd);
  // Whatever the benchmark prints must not mix with the replies.
  dup2(STDERR_FILENO, STDOUT_FILENO);
  const int nothing = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (nothing >= 0) {
    dup2(nothing, STDIN_FILENO);
    close(nothing);
  }
  pin_to_listed_cpus();
  return Placement{node_name(), step_name()};
}

}  // namespace tare::worker
