// Defines State's out-of-line members of include/benchmark/benchmark.h (the public header
// declares all of it: no header of its own).
// The State's steps that are not inlined into the benchmark function: the timer's edges and
// the loop's start, batch ends and finish. None of them runs per iteration.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>

#include "call_driver.hpp"
#include "clock/active_clock.hpp"
#include "thread_manager.hpp"

namespace benchmark {
namespace {

std::int64_t cpu_clock_ns(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// A CPU clock is a system call: its reading is taken part-way through it, so the CPU time
// between a read in ResumeTiming and one in PauseTiming holds about one whole call of the
// clock besides the timed code (hundreds of nanoseconds on a virtual machine), which the
// real time, read inside them, does not. Measured once per clock, as the least of a few
// back-to-back reads.
double read_cost_ns(clockid_t clock) {
  std::int64_t least = -1;
  for (int i = 0; i < 16; ++i) {
    const std::int64_t a = cpu_clock_ns(clock), b = cpu_clock_ns(clock);
    if (least < 0 || b - a < least) least = b - a;
  }
  return static_cast<double>(std::max<std::int64_t>(least, 0));
}

double thread_read_cost_ns() {
  static const double cost = read_cost_ns(CLOCK_THREAD_CPUTIME_ID);
  return cost;
}

double process_read_cost_ns() {
  static const double cost = read_cost_ns(CLOCK_PROCESS_CPUTIME_ID);
  return cost;
}

}  // namespace

void State::ResumeTiming() {
  if (driver_) driver_->timer_started();  // before the clocks: outside the timing
  running_ = true;
  start_cpu_ns_ = cpu_clock_ns(process_cpu_ ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID);
  start_ticks_ = ::tare::detail::ticks_start();
}

// The CPU time of the interval is what the clock says less its own read, and on a thread's
// clock never more than the real time of the interval: one thread cannot use more CPU than
// the time that passed. (A process's clock adds up its threads, which may.)
void State::PauseTiming() {
  const uint64_t ticks = ::tare::detail::ticks_stop() - start_ticks_;
  const double cpu = static_cast<double>(cpu_clock_ns(process_cpu_ ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID) -
                                         start_cpu_ns_);
  accumulated_ticks_ += ticks;
  double timed_cpu = std::max(0.0, cpu - (process_cpu_ ? process_read_cost_ns() : thread_read_cost_ns()));
  if (!process_cpu_ || threads_ == 1) timed_cpu = std::min(timed_cpu, ::tare::clock::ticks_to_ns(ticks));
  accumulated_cpu_ns_ += timed_cpu;
  running_ = false;
  if (driver_) driver_->timer_stopped();
}

void State::StartKeepRunning() {
  started_ = true;
  batch_ = remaining_ = error_ ? 0 : driver_ ? driver_->first_batch() : max_iterations;
  if (manager_) internal::StartStopBarrier(manager_);
  if (!error_) ResumeTiming();
}

IterationCount State::NextBatch() {
  const bool timing = running_;
  if (timing) PauseTiming();
  done_ += batch_ - remaining_ + batch_leftover_;
  batch_leftover_ = 0;
  batch_ = remaining_ = 0;
  if (error_ || !driver_) return 0;
  const IterationCount next = std::min(driver_->batch_ended(*this), max_iterations - done_);
  if (next <= 0) return 0;
  batch_ = remaining_ = next;
  if (timing) ResumeTiming();
  return next;
}

// The loop ran what it ran: after it, max_iterations is that, as it is under Google
// Benchmark, where a loop always runs to it. With threads the loops end together, as they
// start. A thread that skipped with an error does not wait: the others run on in batches until the benchmark is ended, which its error
// does (the layer reports it and the worker exits).
void State::FinishKeepRunning() {
  if (!error_ && running_) PauseTiming();
  remaining_ = 0;
  finished_ = true;
  if (!error_ && done_ < max_iterations) max_iterations = done_;
  if (manager_ && !error_) internal::StartStopBarrier(manager_);
}

}  // namespace benchmark
