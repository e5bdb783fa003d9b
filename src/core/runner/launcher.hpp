// The seam where a worker process is started: the runner asks a Launcher to start a worker
// for a WorkerCommand and talks to it through the WorkerChannel it returns (commands out,
// reply lines in, its exit), never knowing how the two are connected. Today's one
// implementation is the local child process (runner/worker_process: pipes on the worker's
// descriptors 3 and 4); the other runs forks as Slurm job steps (runner/slurm_launcher).
// What travels over a channel is worker/protocol.hpp's lines.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

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

/// What to start: `[wrapper...] executable --tare-worker args...`, with the runner's
/// environment, `environment` added (replacing variables of the same name) and
/// `env_pad_bytes` of padding (worker::kLayoutPadEnv). A profiler may run the worker under a
/// tool (the wrapper, e.g. valgrind) or preload a library into it (the environment).
struct WorkerCommand {
  std::string executable;
  std::vector<std::string> args;         ///< what follows --tare-worker (worker::to_args)
  std::uint32_t env_pad_bytes = 0;
  std::vector<std::string> wrapper;      ///< a program and its arguments to run the worker under
  std::vector<std::string> environment;  ///< "NAME=value" added to the runner's
  /// The CPUs the worker may run on, from its start (empty: wherever the system puts it).
  /// Best effort: a worker that cannot be pinned still runs.
  std::vector<int> cpus;
};

/// Where a worker runs, when it was started elsewhere (a Slurm job step); empty for a local one.
struct Placement {
  std::string node;
  std::string slurm_step;  ///< "<job id>.<step id>"
};

/// A started worker as the runner talks to it. Every call throws WorkerFailure when the
/// worker crashes, hangs past the launch's timeout or stops listening, and Interrupted when
/// the user interrupts the run while it waits.
class WorkerChannel {
 public:
  virtual ~WorkerChannel() = default;
  /// The worker's process id where it runs (a fork's pid in the results).
  virtual int pid() const = 0;
  /// How messages name the worker: "worker 1234".
  virtual std::string description() const = 0;
  /// Sends one command line (worker::to_line), without its line end.
  virtual void send(const std::string& command) = 0;
  /// The next reply line, without its line end. Throws WorkerFailure when the worker answers
  /// "error ...", BenchmarkSkipped when it answers "skip ..." (worker::error_reply,
  /// worker::skip_reply).
  virtual std::string read_line() = 0;
  /// Waits for the worker to exit after "finish"; throws WorkerFailure unless it exits 0.
  virtual void wait_for_exit() = 0;
  /// Where it runs: known once its first line was read; empty for a local worker.
  virtual Placement placement() const { return {}; }
};

/// Starts workers. Destroying the channel ends whatever is left of its worker.
class Launcher {
 public:
  virtual ~Launcher() = default;
  /// Starts the command; `timeout_seconds` bounds every wait on the worker after it.
  virtual std::unique_ptr<WorkerChannel> start(const WorkerCommand& command, double timeout_seconds) const = 0;
};

/// Workers as child processes of this one (runner/worker_process).
const Launcher& local_launcher();

}  // namespace tare::runner
