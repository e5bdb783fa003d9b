// The conversation between the runner (parent) and a worker process (child), in one home:
// this header (how a worker is started, what it is asked to run), protocol_commands.hpp (what
// the runner asks) and protocol_replies.hpp (what the worker answers): every line either side
// writes is written by to_line and read back by the parser of its type, here and nowhere else.
//
// The parent starts the worker as a fresh process of the same executable:
//   <exe> --tare-worker key=value ...     (to_args; the public entry tare::run serves it)
// with its commands on fd 3 and its replies on fd 4 (runner::WorkerProcess, the local launcher).
// Lines of text both ways, so a stuck worker can be read by a person.
//
// A worker started as a Slurm job step (kStdioEnv set: srun forwards only stdin and stdout)
// takes its commands on stdin and replies on stdout, and says first where it runs:
//   at <node> <job id>.<step id>
// Worker -> parent, once the trial is set up:
//   ready <pid> <setup_ns> <env_pad> <stack_offset> <heap_offset>   (the layout shifts it applied)
// Parent -> worker, any number of times, in any order:
//   sample <invocations> <count>   -> <count> lines  "s <ops> <ns> <cpu_ns> <wait_ns> <preemptions>
//                                     <stolen_ns> <age_ns> <overlap_ns> <span_ns> [counter...]" (results::Sample)
//   floor <invocations>            -> "f <ns_per_op>" (the empty operation, same kind of loop)
//   reference                      -> "r <ns_per_iteration>" (the fixed reference workload, for drift)
//   begin                          -> "b" (resource usage is counted from here)
//   count <body|empty> <invocations> -> "c" (one batch of the benchmark or of the empty
//                                     operation through tare_counted_batch, for callgrind
//                                     to count: worker/counted_batch.hpp)
//   finish                         -> ["a <annotations>"] ["alloc <ops> <allocations> <frees> <bytes> <peak_live_bytes>"]
//                                     ["p <ops> <value> <enabled_ns> <running_ns>..."]
//                                     "t <teardown_ns> <minflt> <majflt> <nvcsw> <nivcsw> <maxrss_kib>",
//                                     then exit 0 (annotations: what the benchmark reported
//                                     about itself over the measured samples, for its reporter;
//                                     alloc: with alloc=1, what the allocation counter saw over
//                                     the samples after "begin" (it counts every sample's run,
//                                     the benchmark's untimed parts set aside), and their
//                                     operations;
//                                     p: only when asked to count perf events (perf=...), each
//                                     event's reading over the samples after "begin", in the
//                                     order sent, and the operations those samples ran)
// On any exception the worker answers "error <message>" and exits with status 3; when the
// benchmark skips itself (tare::skip), "skip <reason>" and exits with status 0.
//
// Numbers travel in decimal; times as %.17g (every double reads back as itself), setup and
// teardown in whole nanoseconds. A line that is not the message expected is a ProtocolError
// naming the message and quoting the line.
//
// The parent drives: it decides batch sizes, warmup and how many samples to take, and it
// can ask a live worker for one sample at a time (to pair two builds in lock-step).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "worker/protocol_commands.hpp"
#include "worker/protocol_replies.hpp"
#include "worker/protocol_words.hpp"

namespace tare::worker {

inline constexpr const char* kWorkerFlag = "--tare-worker";
inline constexpr const char* kLayoutPadEnv = "TARE_LAYOUT_PAD";
inline constexpr int kCommandFd = 3;
inline constexpr int kReplyFd = 4;
/// Set (to 1) in a worker's environment: its pipes are its stdin and stdout (stdio_pipes.hpp).
inline constexpr const char* kStdioEnv = "TARE_WORKER_STDIO";
/// With kStdioEnv: the CPUs the worker pins itself to ("0,2,5"), since the runner, on another
/// machine, cannot; absent: wherever the system puts it.
inline constexpr const char* kCpusEnv = "TARE_WORKER_CPUS";

/// What a worker process is asked to run.
struct WorkerSpec {
  std::string benchmark;  ///< the family name, e.g. "lookup.binary"
  std::vector<std::pair<std::string, std::string>> params;
  int threads = 1;
  double tsc_ghz = 0;  ///< 0: use CLOCK_MONOTONIC
  std::uint64_t layout_seed = 0;
  /// Which of the benchmarks registered under that name (0: the first). Google Benchmark
  /// lets two families share a name; registration order is the same in every process.
  int occurrence = 0;
  /// perf events to count around the measured samples (perf::events_to_text); "" for none.
  std::string perf_events = {};
  /// --prof alloc: count allocations in every sample's run and report those of the measured
  /// samples (the runner preloads the counter, libtare_alloc.so, into a counting fork, never
  /// a scored one; argument "alloc=1", absent otherwise).
  bool count_allocations = false;
  /// The fork ahead (registry's ForkOutlook): how long it takes samples in all, and the time
  /// per invocation earlier forks measured; 0 (and absent) when not known.
  double span_ns = 0;
  double invocation_ns = 0;
};

/// The arguments that follow kWorkerFlag.
std::vector<std::string> to_args(const WorkerSpec& spec);
/// Parses them back; throws std::invalid_argument on anything malformed.
WorkerSpec parse_args(const std::vector<std::string>& args);

}  // namespace tare::worker
