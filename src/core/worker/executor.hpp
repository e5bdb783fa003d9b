// Runs one benchmark inside the worker process: owns its state(s) and threads, takes
// timed samples on request. Trial setup happens in the constructor, trial teardown in
// teardown(); both are timed and kept outside the samples.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "results/results.hpp"
#include "system/thread_schedule.hpp"
#include "registry/benchmark_spec.hpp"
#include "worker/start_line.hpp"

namespace tare::worker {

/// Functions called just before and just after the benchmark's timed run in each sample (not
/// around the sample's hooks or its bookkeeping), and around the untimed parts inside that
/// run (per-invocation hooks, a paused timer): a profiler's window on the measured work.
struct RunBracket {
  void (*open)() = nullptr;
  void (*close)() = nullptr;
  detail::UntimedBracket untimed;
};

class Executor {
 public:
  /// Builds the state(s) and tells them `outlook`, the fork ahead.
  Executor(const detail::BenchmarkSpec& spec, const Params& params, int threads, const detail::ForkOutlook& outlook = {});
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  double setup_ns() const { return setup_ns_; }
  /// One timed sample of `invocations` calls on every thread (started together). `ops`
  /// counts logical operations over all threads; `ns` is the wall time from the first
  /// thread's start to the last thread's end; `cpu_ns` the CPU time each thread used around
  /// its own run, summed; `overlap_ns` how long all threads were in their runs at once;
  /// `wait_ns` and `preemptions` what the scheduler did to the benchmark's threads meanwhile.
  results::Sample sample(std::uint64_t invocations);
  /// Time per call of an empty operation in the same kind of loop (the harness floor).
  double floor_ns_per_op(std::uint64_t invocations) const;
  /// One batch of `invocations` calls of the benchmark (or, with `empty_loop`, of the empty
  /// operation in the same kind of loop) through tare_counted_batch, for callgrind to count
  /// (worker/counted_batch.hpp). Single-threaded benchmarks only: the other threads' loops
  /// would run outside the counted function.
  void counted_batch(std::uint64_t invocations, bool empty_loop);
  /// The measured samples start (what the benchmark reports about itself counts from here).
  void begin_measurement();
  /// What the benchmark reported about itself since begin_measurement (Body::annotations),
  /// once every call that spans samples has ended (Body::end_call).
  std::string annotations();
  /// Destroys the state(s); returns the time it took.
  double teardown();
  /// From here on, every sample's run is bracketed, and its untimed parts too (an empty
  /// bracket: none).
  void bracket_runs(RunBracket bracket);

 private:
  struct Slot;  // one benchmark thread
  void thread_main(Slot& slot, int index);
  // The benchmark thread's steps around its timed run.
  void make_thread_state(Slot& slot);
  enum class Job { sample, prepare, end_call };
  bool wait_for_next_job(std::uint64_t& seen, Job& job, std::uint64_t& invocations);
  void run_thread_sample(Slot& slot, std::uint64_t invocations);
  void run_on_threads(Job job, std::uint64_t invocations);  // every benchmark thread, and waits
  bool run_needs_preparing(std::uint64_t invocations);
  void end_calls();
  void report_thread_finished();
  void record_failure();  // keeps the first exception, for the worker thread to rethrow
  results::Sample timed_run(std::uint64_t invocations);
  results::Sample timed_run_alone(std::uint64_t invocations);     // on the worker's thread
  results::Sample timed_run_together(std::uint64_t invocations);  // on the benchmark's threads
  void read_counters(std::vector<double>& out);
  void run_sample_hooks(void (detail::Body::*hook)(detail::StateBase&) const);
  std::vector<detail::StateBase*> states();
  void stop_threads();

  const detail::BenchmarkSpec& spec_;
  Params params_;
  int threads_;
  detail::ForkOutlook outlook_;
  double setup_ns_ = 0;
  std::unique_ptr<detail::StateBase> shared_state_;  // shared scope, or the single thread's
  std::vector<std::unique_ptr<Slot>> slots_;         // empty when single-threaded
  std::unique_ptr<system::ThreadTimesReader> scheduler_;  // the worker's own thread, when single-threaded

  // Jobs for the benchmark threads: a generation number bumps per job.
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;
  Job job_ = Job::sample;
  std::uint64_t invocations_ = 0;
  bool stopping_ = false;
  int finished_ = 0;
  int ready_ = 0;
  std::exception_ptr failure_;
  StartLine start_line_;  // the threads' meeting before each sample's timed run
  RunBracket bracket_;
};

}  // namespace tare::worker
