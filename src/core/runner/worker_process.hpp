// A worker process as the parent sees it: this executable started afresh by
// system::ChildProcess (so every fork has its own address-space layout), three pipes
// (commands, replies, the worker's own stdout/stderr), a timeout on every reply and on its
// exit, and a readable account of how it ended. The worker leads its own process group,
// and the group is killed when the worker ends: whatever the benchmark started and left
// behind (a child holding its stdout or its reply pipe) neither outlives it nor keeps the
// runner waiting.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "system/child_exit.hpp"
#include "system/child_process.hpp"

namespace tare::runner {

/// The worker crashed, threw, hung or broke the protocol. what() says which, in words.
struct WorkerFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The benchmark skipped itself (tare::skip, Google Benchmark's SkipWithError): not a
/// failure. what() is its reason.
struct BenchmarkSkipped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Raised while waiting when the user interrupted the run (SIGINT/SIGTERM).
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

/// How to start a worker: `[wrapper...] executable --tare-worker args...`, with this
/// process's environment, `environment` added (replacing variables of the same name) and
/// `env_pad_bytes` of padding. A profiler may run the worker under a tool (the wrapper, e.g.
/// valgrind) or preload a library into it (the environment).
struct WorkerCommand {
  std::string executable;
  std::vector<std::string> args;         ///< what follows --tare-worker (worker::to_args)
  std::uint32_t env_pad_bytes = 0;
  std::vector<std::string> wrapper;      ///< a program and its arguments to run the worker under
  std::vector<std::string> environment;  ///< "NAME=value" added to this process's
};

class WorkerProcess {
 public:
  WorkerProcess(const WorkerCommand& command, double timeout_seconds);
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  pid_t pid() const { return pid_; }
  void send(const std::string& command);
  /// The next reply line. Throws WorkerFailure when the worker answers "error ...", exits,
  /// says nothing within the timeout (it is then killed) or sends a line longer than
  /// kMaxReplyBytes; BenchmarkSkipped when it answers "skip ...".
  std::string read_line();
  /// Waits (up to the timeout) for the worker to exit after "finish"; throws WorkerFailure
  /// if it did not exit 0 in time.
  void wait_for_exit();

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
