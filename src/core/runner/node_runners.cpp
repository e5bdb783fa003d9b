#include "runner/node_runners.hpp"

#include <poll.h>
#include <signal.h>

#include <memory>
#include <stdexcept>

#include "runner/worker_process.hpp"
#include "system/child_process.hpp"

extern char** environ;

namespace tare::runner {
namespace {

constexpr std::size_t kTailBytes = 4096;
// How often exits are looked at where the kernel gives no descriptor for them (no pidfd).
constexpr int kPollMs = 200;

struct Running {
  std::unique_ptr<system::ChildProcess> child;
  system::BoundedText output{kTailBytes, system::BoundedText::Keep::tail};
  bool output_open = true;
  bool done = false;
  NodeOutcome outcome;
};

std::vector<std::string> node_environment(const std::string& job, const NodeRunner& node) {
  std::vector<std::string> environment;
  const std::string ours[] = {kSlurmNodeEnv, kSlurmNodeResultsEnv};
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    if (name != ours[0] && name != ours[1]) environment.push_back(entry);
  }
  environment.push_back(std::string(kSlurmNodeEnv) + "=" + job + " " + node.node);
  environment.push_back(std::string(kSlurmNodeResultsEnv) + "=" + node.results_path);
  return environment;
}

std::string last_printed_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const auto newline = text.rfind('\n');
  return newline == std::string::npos ? text : text.substr(newline + 1);
}

// Reads what the runner printed; once it exited, and its output was read, it is reaped.
void look_at(Running& r) {
  if (r.output_open) r.output_open = system::read_available(r.child->output_fd(), r.output);
  if (!r.child->exit().exited()) return;
  if (r.output_open) system::read_available(r.child->output_fd(), r.output);
  r.outcome.wait_status = r.child->end();
  r.outcome.last_line = last_printed_line(r.output.text());
  r.done = true;
}

}  // namespace

std::vector<NodeOutcome> run_node_runners(const std::string& executable, const std::vector<std::string>& arguments,
                                          const std::string& job, const std::vector<NodeRunner>& nodes) {
  std::vector<Running> running(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    system::ChildProcess::Launch launch;
    launch.argv = {executable};
    launch.argv.insert(launch.argv.end(), arguments.begin(), arguments.end());
    launch.errors = system::ChildProcess::Errors::with_output;
    launch.environment = node_environment(job, nodes[i]);
    try {
      running[i].child = std::make_unique<system::ChildProcess>(launch);
    } catch (const std::runtime_error& e) {
      running[i].done = true;
      running[i].outcome = {-1, std::string("cannot start its runner: ") + e.what()};
    }
  }
  bool passed_on = false;
  for (;;) {
    std::vector<pollfd> fds;
    for (auto& r : running) {
      if (r.done) continue;
      fds.push_back({r.output_open ? r.child->output_fd() : -1, POLLIN, 0});
      fds.push_back({r.child->exit().fd(), POLLIN, 0});
    }
    if (fds.empty()) break;
    poll(fds.data(), fds.size(), kPollMs);
    // Each runner is in a process group of its own: the terminal's Ctrl-C reaches this one only.
    if (interrupted() && !passed_on) {
      for (auto& r : running)
        if (!r.done) kill(r.child->pid(), SIGINT);
      passed_on = true;
    }
    for (auto& r : running)
      if (!r.done) look_at(r);
  }
  std::vector<NodeOutcome> outcomes;
  for (auto& r : running) outcomes.push_back(std::move(r.outcome));
  return outcomes;
}

}  // namespace tare::runner
