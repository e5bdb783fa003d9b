// What the State's loop asks of the library at the edges of its batches (the header only
// names it): a call of a benchmark function that serves many samples stops at the end of
// each batch and goes on with the next one when the next sample asks (call.hpp).
#pragma once

#include <benchmark/benchmark.h>

namespace benchmark::internal {

class CallDriver {
 public:
  /// As the loop starts: its first batch's iterations.
  virtual IterationCount first_batch() = 0;
  /// A batch ran (the timer is stopped): the next batch's iterations, or 0 to end the loop.
  virtual IterationCount batch_ended(const State& state) = 0;

 protected:
  ~CallDriver() = default;
};

}  // namespace benchmark::internal
