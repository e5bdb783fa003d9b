// Runs a program as a real process and captures its exit status, stdout and stderr, for the
// end-to-end and Google Benchmark tests: stdin from /dev/null, its own process group, and a
// time limit after which the whole group is killed.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process_exit.hpp"

namespace tare_test {

struct ProcessResult {
  int exit_code = -1;  // -signal when killed by a signal; -SIGKILL too when it ran past the limit
  bool timed_out = false;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// This test process's own scratch directory (removed by the test's environment at exit).
inline std::filesystem::path scratch_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("tare-tests-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

/// Starts `args` (args[0] is the program's path) in a process group of its own (so that
/// killing the group also ends what it started), stdin from /dev/null, stdout and stderr
/// into the files named (the same file for both is fine); its pid, -1 when fork fails.
inline pid_t start_logged(const std::vector<std::string>& args, const std::filesystem::path& out_path,
                          const std::filesystem::path& err_path) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    const int in = open("/dev/null", O_RDONLY);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = out_path == err_path ? out : open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid > 0) setpgid(pid, pid);  // as the child does, whichever runs first
  return pid;
}

/// Runs `args` (args[0] is the program's path) with stdin from /dev/null; kills it (and its
/// process group) after `limit`.
inline ProcessResult run_process(const std::vector<std::string>& args,
                                 std::chrono::seconds limit = std::chrono::seconds(120)) {
  static int counter = 0;
  const auto dir = scratch_dir();
  const auto tag = std::to_string(++counter);
  const auto out_path = dir / ("stdout." + tag);
  const auto err_path = dir / ("stderr." + tag);
  const pid_t pid = start_logged(args, out_path, err_path);
  ProcessResult result;
  if (!exits_by(pid, std::chrono::steady_clock::now() + limit)) {
    kill(-pid, SIGKILL);
    result.timed_out = true;
  }
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  result.out = slurp(out_path);
  result.err = slurp(err_path);
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  return result;
}

}  // namespace tare_test
