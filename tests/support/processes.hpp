// Whether processes a test made a program start are still alive, and ending those that are:
// the fault tests check that tare leaves nothing behind.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "process_exit.hpp"

namespace tare_test {

/// Whether `pid` is a live process (a zombie waiting for its reaper is dead).
inline bool process_alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const auto state_at = line.rfind(')') + 2;  // the command may hold spaces and parentheses
  return state_at < line.size() && line[state_at] != 'Z' && line[state_at] != 'X';
}

/// The pids a program wrote to `file`, one per line or space-separated.
inline std::vector<pid_t> pids_in(const std::filesystem::path& file) {
  std::vector<pid_t> pids;
  std::ifstream in(file);
  for (pid_t pid = 0; in >> pid;) pids.push_back(pid);
  return pids;
}

/// Whether every one of `pids` is gone within 10 s (a kill may still be on its way); then
/// kills any left, so that a failing test leaves nothing behind either.
inline bool processes_gone(const std::vector<pid_t>& pids) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (pid_t pid : pids) exits_by(pid, deadline);
  const auto any_alive = [&] {
    for (pid_t pid : pids)
      if (process_alive(pid)) return true;
    return false;
  };
  const bool gone = !any_alive();
  for (pid_t pid : pids)
    if (process_alive(pid)) ::kill(pid, SIGKILL);
  return gone;
}

}  // namespace tare_test
