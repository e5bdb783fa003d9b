// One worker of a benchmark run under valgrind's callgrind, to count its instructions
// exactly (--prof instructions, `tare ab --metric instructions`; the asm profiler reads the
// per-instruction counts of the same files).
//
// The worker runs with collection off. It counts only inside tare_counted_batch
// (worker/counted_batch.hpp): one batch of the benchmark's timed loop per call, and callgrind
// writes a file of counts each time that function returns (--dump-after), so every batch
// has a file of its own. The sequence: one uncounted batch of each kind first (the first
// call of anything pays for lazy symbol binding and first-touch faults), then counted
// batches of N and 2N invocations of the benchmark, then of the empty operation in the same
// kind of loop. The difference between a batch of 2N and one of N is N invocations' worth,
// without what every batch costs once; the empty loop's difference is the harness's share
// per invocation. The memory layout is fixed (the same every time), so two runs of the same
// build count the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {

/// Which benchmark of which binary a callgrind worker counts, as a worker is told it. The
/// binary need not be this one (`tare ab` counts two builds).
struct CallgrindTarget {
  std::string executable;  ///< the benchmark binary (absolute path)
  /// The benchmark, its parameters and threads (one thread only: the other threads' loops
  /// run outside the counted function); the layout seed is replaced by kCallgrindLayoutSeed.
  worker::WorkerSpec worker;
  std::uint64_t ops_per_invocation = 1;
};

/// How a callgrind worker runs.
struct CallgrindPlan {
  std::string executable;         ///< the benchmark binary (absolute path); ignored by the CallgrindTarget form
  std::string valgrind;           ///< valgrind's absolute path (find_valgrind)
  /// Where callgrind writes its files; it must exist. The caller owns it and removes it
  /// (the files are named callgrind.out.<worker pid>.<part>).
  std::string output_directory;
  /// N: batches of N and 2N invocations are counted. 0: calibrated under callgrind (the
  /// batch grows until one takes kCalibratedBatchNs of valgrind's time), then rounded down
  /// to a power of two. Pass a callgrind run's own `counts.invocations` to the next run to
  /// count the same batches again.
  std::uint64_t invocations = 0;
  /// --dump-instr=yes: per-instruction counts in the files (for disassembly, and for
  /// rep_strings_of).
  bool dump_instructions = false;
  double tsc_ghz = 0;              ///< the worker's clock, as in ForkPlan (0 = CLOCK_MONOTONIC)
  /// Per reply of the worker, before valgrind's slowdown (multiplied by kValgrindSlowdown).
  double timeout_seconds = 30;
};

/// How much slower a program runs under callgrind, at most, for the worker's timeouts.
inline constexpr double kValgrindSlowdown = 50;
/// A calibrated batch takes about this long under callgrind (about a millisecond natively).
inline constexpr double kCalibratedBatchNs = 50e6;
/// No counted batch is longer than this many invocations (a deleted loop costs nothing at
/// any length, and counting it longer says nothing more).
inline constexpr std::uint64_t kMaxCountedInvocations = std::uint64_t{1} << 16;
/// The layout seed of every callgrind worker.
inline constexpr std::uint64_t kCallgrindLayoutSeed = 0;

/// One counted batch: its size, callgrind's count of instructions executed in it, and the
/// file callgrind wrote for it.
struct CountedBatchFile {
  std::uint64_t invocations = 0;
  std::uint64_t instructions = 0;
  std::string path;
};

/// What one callgrind worker counted.
struct CallgrindRun {
  results::InstructionCounts counts;  ///< the four batches' counts (analysis/instructions: per op)
  CountedBatchFile body_n, body_2n;   ///< the benchmark's batches of N and 2N invocations
  CountedBatchFile empty_n, empty_2n; ///< the empty operation's, in the same kind of loop
};

/// Of a run's body batches, the counts at rep-prefixed string instructions (the run's plan
/// had dump_instructions; read from its files, which must still exist). Throws
/// WorkerFailure when a file cannot be read.
results::InstructionCounts::RepStrings rep_strings_of(const CallgrindRun& run);

/// valgrind's absolute path, found on PATH; nullopt when it is not there.
std::optional<std::string> find_valgrind();

/// find_valgrind, or a UsageError "<option>: needs valgrind (apt-get install valgrind)" so
/// that nothing is measured first (`option`: "--prof instructions", "--metric instructions").
std::string require_valgrind(const std::string& option);

/// A fresh directory for callgrind's files (under the temporary directory), removed with
/// everything in it when this is destroyed.
class CallgrindDirectory {
 public:
  CallgrindDirectory();
  ~CallgrindDirectory();
  CallgrindDirectory(const CallgrindDirectory&) = delete;
  CallgrindDirectory& operator=(const CallgrindDirectory&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// Runs one callgrind worker of `target` as `plan` says. Throws WorkerFailure when the
/// worker fails, hangs or callgrind wrote no file for a batch (a stripped binary has no
/// tare_counted_batch to find), or the benchmark runs several threads (only the calling
/// thread's loop is counted); BenchmarkSkipped when the benchmark skips itself; Interrupted
/// on SIGINT/SIGTERM (with install_interrupt_handlers).
CallgrindRun run_callgrind_fork(const CallgrindTarget& target, const CallgrindPlan& plan);

/// The same for a benchmark of this executable (`plan.executable` is its path; the clock
/// from plan.tsc_ghz).
CallgrindRun run_callgrind_fork(const registry::Instance& instance, const CallgrindPlan& plan);

}  // namespace tare::runner
