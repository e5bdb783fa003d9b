// The end-to-end tests' ways of running programs: to completion with output captured
// (tests/support/process.hpp), or in the background.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "support/process.hpp"

namespace tare_e2e {

// The programs under test (their paths come from the build: tests/e2e/CMakeLists.txt).
inline const std::string kTare = TARE_CLI;
#ifdef TARE_E2E_BENCH
inline const std::string kBench = TARE_E2E_BENCH;
#endif

using CommandResult = tare_test::ProcessResult;
using tare_test::scratch_dir;
using tare_test::slurp;

/// In a forked child: sends stdout and stderr to the given files and becomes `args`.
[[noreturn]] inline void exec_with_output(const std::vector<std::string>& args, const char* out_path,
                                          const char* err_path) {
  dup2(open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
  dup2(open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  _exit(127);
}

inline CommandResult run_command(const std::vector<std::string>& args) { return tare_test::run_process(args); }

/// Starts a program in the background with its output discarded. `env` entries
/// ("NAME=value") are added to its environment; `own_group` makes it the leader of a new
/// process group, as a shell job would be.
inline pid_t spawn_quiet(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
                         bool own_group = false) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (own_group) setpgid(0, 0);
    for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
    exec_with_output(args, "/dev/null", "/dev/null");
  }
  return pid;
}

/// A program started with its standard output on a pipe the test reads.
struct PipedChild {
  pid_t pid = -1;
  int out = -1;  ///< the pipe's read end (-1: it could not be made, nothing started)
};

/// Starts `args` (the first a path) with its standard output on a pipe.
inline PipedChild start_piped(const std::vector<std::string>& args) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  return {pid, fds[0]};
}

/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns whether it held.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!condition()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

}  // namespace tare_e2e
