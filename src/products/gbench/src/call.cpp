#include "call.hpp"

#include <algorithm>

#include "access.hpp"
#include "clock/active_clock.hpp"
#include "tare/detail/ticks.hpp"

namespace tare::gbench {
namespace {

using benchmark::internal::Access;

double wall_ns() { return static_cast<double>(detail::monotonic_ns()); }

}  // namespace

Call::Call(const Instance& instance, benchmark::IterationCount max_iterations, int thread_index,
           benchmark::internal::ThreadManager* threads)
    : instance_(instance),
      max_iterations_(max_iterations),
      thread_index_(thread_index),
      threads_(threads),
      fiber_([this] { run_function(); }) {}

void Call::run_function() {
  benchmark::State state = Access::make_state(*instance_.family, instance_.name, max_iterations_, instance_.args,
                                              thread_index_, instance_.threads, threads_, this);
  instance_.family->Run(state);
  const double returned_ns = wall_ns();
  // What ran since the last batch ended (a function that returned part-way through one).
  batch_ = since_last(state);
  report_.iterations = state.iterations();
  report_.real_ns = clock::ticks_to_ns(Access::timed_ticks(state));
  report_.cpu_ns = Access::timed_cpu_ns(state);
  report_.manual_ns = Access::manual_seconds(state) * 1e9;
  report_.counters = state.counters;
  report_.label = Access::label(state);
  report_.complexity_n = Access::complexity_n(state);
  report_.error = Access::error(state);
  report_.error_message = Access::error_message(state);
  // The loop ends when the call is resumed for the last time (to end it): the wait for that
  // (the rest of the process's measurement) is the call's idling, not what follows its loop.
  const double loop_start = first_batch_ns_ >= 0 ? first_batch_ns_ : returned_ns;
  const double loop_end = resumed_ns_ >= 0 ? resumed_ns_ : returned_ns;
  report_.outside_ns = (loop_start - started_ns_) + (returned_ns - loop_end);
}

BatchTimes Call::since_last(const benchmark::State& state) {
  const BatchTimes now{Access::timed_ticks(state), Access::timed_cpu_ns(state), Access::manual_seconds(state)};
  const BatchTimes batch{now.ticks - totals_.ticks, now.cpu_ns - totals_.cpu_ns,
                         now.manual_seconds - totals_.manual_seconds};
  totals_ = now;
  return batch;
}

// The loop is about to start: the call waits here for its first batch, so that what the
// function set up before it ran outside the sample.
benchmark::IterationCount Call::first_batch() {
  first_batch_ns_ = wall_ns();
  fiber_.yield();
  resumed_ns_ = wall_ns();
  return next_batch_;
}

benchmark::IterationCount Call::batch_ended(const benchmark::State& state) {
  batch_ = since_last(state);
  fiber_.yield();
  resumed_ns_ = wall_ns();
  return next_batch_;
}

void Call::start() {
  if (started_) return;
  started_ = true;
  started_ns_ = wall_ns();
  fiber_.resume();
}

BatchTimes Call::run_batch(benchmark::IterationCount n) {
  start();
  if (fiber_.finished()) return {};
  next_batch_ = n;
  given_ += n;
  batch_ = {};
  fiber_.resume();
  return batch_;
}

benchmark::IterationCount Call::room() const { return fiber_.finished() ? 0 : max_iterations_ - given_; }

const CallReport& Call::end() {
  if (!started_) return report_;  // never started: nothing ran, nothing to report
  if (!fiber_.finished()) {
    next_batch_ = 0;
    fiber_.resume();
  }
  return report_;
}

}  // namespace tare::gbench
