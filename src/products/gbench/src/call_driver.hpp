// What the State's loop asks of the library at the edges of its batches (the header only
// names it): a call of a benchmark function that serves many samples stops at the end of
// each batch and goes on with the next one when the next sample asks (call.hpp).
#pragma once

#include <benchmark/benchmark.h>

#include "registry/benchmark_spec.hpp"

namespace benchmark::internal {

class CallDriver {
 public:
  /// As the loop starts: its first batch's iterations.
  virtual IterationCount first_batch() = 0;
  /// A batch ran (the timer is stopped): the next batch's iterations, or 0 to end the loop.
  virtual IterationCount batch_ended(const State& state) = 0;

  /// While the timer is stopped (PauseTiming, a batch's end) the thread is set aside, and
  /// back as it starts again (--prof alloc's counting fork: what the benchmark does with
  /// its timer paused is not the operation's). Outside a counting fork: nothing.
  void bracket_untimed(const tare::detail::UntimedBracket& bracket) { untimed_ = bracket; }
  void timer_stopped() const {
    if (untimed_.aside) untimed_.aside();
  }
  void timer_started() const {
    if (untimed_.back) untimed_.back();
  }

 protected:
  ~CallDriver() = default;

 private:
  tare::detail::UntimedBracket untimed_;
};

}  // namespace benchmark::internal
