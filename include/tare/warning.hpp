// Warnings a benchmark can declare known. Some warnings describe code that is what it is:
// an operation that really is as cheap as the empty loop, a benchmark that allocates on
// purpose. Declaring one with Group::acknowledge keeps it in the results (marked
// acknowledged) and out of the console's default view, so the warnings that are shown
// are the ones still to act on. The names are the warnings' codes in the results JSON.
#pragma once

namespace tare {

enum class Warning {
  optimised_away,     ///< the operation is not above the empty-operation floor
  slowdown,           ///< forks ran faster at first, then settled slower
  two_modes,          ///< the forks split into two speeds
  process_dependent,  ///< the speed depends on the process beyond the samples' noise
  forks_far_apart,    ///< a few forks far from the others
  waits,              ///< the benchmark had the CPU for only part of its time
  fresh_memory,       ///< many minor page faults per millisecond
  teardown,           ///< the state's teardown took long against the measured time
  major_faults,       ///< page faults that needed I/O
  timer_cost,         ///< per-invocation hooks: the clock's cost is a large share of the score
  coarse_clock,       ///< sample mode: per-call times mostly measure the clock
  stale_input,        ///< input reset per sample before an operation taking State& (it does not use it up)
};

}  // namespace tare
