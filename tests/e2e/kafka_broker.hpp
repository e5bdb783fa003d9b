// `tare stream broker` started by a test: its first line (the bootstrap address) read from a
// pipe, and stopped by a signal at the end with its exit status kept. The broker is a mock
// cluster on loopback ports of its own, so the Kafka tests never need a Kafka nor share one.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "e2e/command.hpp"

namespace tare_e2e {

class KafkaBroker {
 public:
  /// Starts `tare stream broker` with `options` and waits (up to 10 s) for its first line.
  explicit KafkaBroker(const std::vector<std::string>& options = {}) {
    std::vector<std::string> args{kTare, "stream", "broker"};
    args.insert(args.end(), options.begin(), options.end());
    const PipedChild child = start_piped(args);
    if (child.out < 0) return;
    pid_ = child.pid;
    out_ = child.out;
    bootstrap_ = first_line(std::chrono::seconds(10));
  }
  ~KafkaBroker() {
    if (pid_ > 0 && status_ == kRunning) stop(SIGKILL);
    if (out_ >= 0) close(out_);
  }
  KafkaBroker(const KafkaBroker&) = delete;
  KafkaBroker& operator=(const KafkaBroker&) = delete;

  /// Empty when it printed no line (it failed to start).
  const std::string& bootstrap() const { return bootstrap_; }

  /// Sends `signal` and returns its exit status (-signal when the signal killed it; -1 when
  /// it had not exited within 10 s, then it is killed).
  int stop(int signal = SIGTERM) {
    kill(pid_, signal);
    const bool exited = eventually([&] { return reaped(); }, std::chrono::seconds(10));
    if (!exited) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      status_ = -1;
    }
    return status_;
  }

 private:
  static constexpr int kRunning = -1000;

  std::string first_line(std::chrono::seconds timeout) {
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    char c = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      if (read(out_, &c, 1) != 1) return "";  // it exited without a line
      if (c == '\n') return line;
      line += c;
    }
    return "";
  }

  bool reaped() {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    return true;
  }

  pid_t pid_ = -1;
  int out_ = -1;
  int status_ = kRunning;
  std::string bootstrap_;
};

/// A shell command line (through /bin/sh), run to completion with output captured.
inline CommandResult run_shell(const std::string& line) { return run_command({"/bin/sh", "-c", line}); }

}  // namespace tare_e2e
