// One call of a Google Benchmark function that serves many samples. It runs on a fiber of
// its own: each sample asks it for a batch of iterations, the loop runs them and stops at
// the batch's end, and the call waits there for the next sample (or for its end). Each call
// is a run as Google Benchmark knows it: its own max_iterations, counters set after its
// loop, the time outside its loop.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>

#include "call_driver.hpp"
#include "fiber.hpp"
#include "instances.hpp"

namespace tare::gbench {

/// What one batch measured while the benchmark's timer ran: ticks of tare's clock, CPU time
/// (the clock's own reads left out), and the manual time the benchmark reported.
struct BatchTimes {
  std::uint64_t ticks = 0;
  double cpu_ns = 0;
  double manual_seconds = 0;
};

/// What a call reported once it returned: a Google Benchmark run's facts.
struct CallReport {
  benchmark::IterationCount iterations = 0;
  double real_ns = 0, cpu_ns = 0, manual_ns = 0;  ///< while its timer ran
  benchmark::UserCounters counters;
  std::string label;
  std::int64_t complexity_n = 0;
  /// Wall time before its loop's first batch and after its loop ended (not its waits for a batch).
  double outside_ns = 0;
  bool error = false;
  std::string error_message;
};

class Call final : public benchmark::internal::CallDriver {
 public:
  /// Does not start the function: start() does.
  Call(const Instance& instance, benchmark::IterationCount max_iterations, int thread_index,
       benchmark::internal::ThreadManager* threads);
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;

  /// Runs the function up to its loop (what it sets up before it), outside any sample.
  /// Rethrows what the function threw.
  void start();
  /// Runs `n` more iterations of the loop and stops at their end. Rethrows what the
  /// function threw.
  BatchTimes run_batch(benchmark::IterationCount n);
  /// The iterations the call may still run (none once the function returned).
  benchmark::IterationCount room() const;
  /// start() ran.
  bool started() const { return started_; }
  /// The function returned (its loop ended of itself, or it never ran one).
  bool returned() const { return fiber_.finished(); }
  /// Ends the loop and lets the function return (outside any timing); what it reported.
  const CallReport& end();

 private:
  benchmark::IterationCount first_batch() override;
  benchmark::IterationCount batch_ended(const benchmark::State& state) override;
  void run_function();
  BatchTimes since_last(const benchmark::State& state);

  const Instance& instance_;
  const benchmark::IterationCount max_iterations_;
  const int thread_index_;
  benchmark::internal::ThreadManager* threads_;
  Fiber fiber_;
  benchmark::IterationCount next_batch_ = 0;
  benchmark::IterationCount given_ = 0;  // iterations asked for so far
  bool started_ = false;
  BatchTimes batch_;                      // what the last batch measured
  BatchTimes totals_;                     // the state's totals when the last batch ended
  double started_ns_ = 0, first_batch_ns_ = -1;
  double resumed_ns_ = -1;                // when the loop last went on after waiting for a batch
  CallReport report_;
};

}  // namespace tare::gbench
