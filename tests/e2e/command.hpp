// Runs a program and captures its exit status, stdout and stderr (for end-to-end tests).
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tare_e2e {

struct CommandResult {
  int exit_code = -1;  // -signal when killed by a signal
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::filesystem::path scratch_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("tare-e2e-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

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

inline CommandResult run_command(const std::vector<std::string>& args) {
  const auto dir = scratch_dir();
  const auto out_path = dir / "stdout.txt";
  const auto err_path = dir / "stderr.txt";
  const pid_t pid = fork();
  if (pid == 0) exec_with_output(args, out_path.c_str(), err_path.c_str());
  int status = 0;
  waitpid(pid, &status, 0);
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  return result;
}

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
