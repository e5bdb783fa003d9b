// The local launcher (runner/launcher.hpp): a worker process as the parent sees it, this
// executable started afresh by system::ChildProcess (so every fork has its own address-space
// layout), three pipes
// (commands, replies, the worker's own stdout/stderr), a timeout on every reply and on its
// exit, and a readable account of how it ended. The worker leads its own process group,
// and the group is killed when the worker ends: whatever the benchmark started and left
// behind (a child holding its stdout or its reply pipe) neither outlives it nor keeps the
// runner waiting.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runner/launcher.hpp"
#include "system/child_exit.hpp"
#include "system/child_process.hpp"

namespace tare::runner {

/// A worker as a child process of this one: local_launcher()'s channel.
class WorkerProcess final : public WorkerChannel {
 public:
  WorkerProcess(const WorkerCommand& command, double timeout_seconds);
  ~WorkerProcess() override;
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  int pid() const override { return pid_; }
  std::string description() const override { return "worker " + std::to_string(pid_); }
  void send(const std::string& command) override;
  /// The next reply line. Throws WorkerFailure when the worker answers "error ...", exits,
  /// says nothing within the timeout (it is then killed) or sends a line longer than
  /// kMaxReplyBytes; BenchmarkSkipped when it answers "skip ...".
  std::string read_line() override;
  /// Waits (up to the timeout) for the worker to exit after "finish"; throws WorkerFailure
  /// if it did not exit 0 in time.
  void wait_for_exit() override;

  /// A reply line longer than this is no reply of tare's protocol.
  static constexpr std::size_t kMaxReplyBytes = 1u << 20;

 private:
  using Clock = system::ChildExit::Clock;
  [[noreturn]] void fail(const std::string& what);
  [[noreturn]] void fail_hung(const char* what);
  std::string describe_exit();
  void end_group();
  bool read_replies();
  void drain_output();
  void drain_output_until(Clock::time_point deadline);
  void close_fds();

  pid_t pid_ = -1;
  std::unique_ptr<system::ChildProcess> child_;
  int command_fd_ = -1, reply_fd_ = -1, output_fd_ = -1;
  double timeout_seconds_;
  std::string replies_;
  std::string output_tail_;  // the last few KiB the worker printed, for failure reports
  bool reaped_ = false;
  int status_ = 0;
};

/// Installs SIGINT/SIGTERM handlers that make waits throw Interrupted, and ignores SIGPIPE.
void install_interrupt_handlers();
bool interrupted();

/// Describes a wait status: "exited with status 3", "killed by signal 11 (Segmentation fault)".
std::string describe_wait_status(int status);

}  // namespace tare::runner
