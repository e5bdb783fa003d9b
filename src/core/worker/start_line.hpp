// Where a multi-threaded benchmark's threads meet before each sample's timed run, so that they
// start (and contend) together. A thread that arrives early may spin for a few microseconds
// (waking from the job's condition variable is staggered by about that much, and a thread that
// blocked would start later still), then waits in the kernel: a waiting thread must not hold a
// CPU that a thread it waits for needs (more threads than CPUs, or other work on the machine).
// The last thread to arrive wakes them and waits as long again for them to be on their way,
// so that it does not start alone. With more threads than CPUs no thread spins at all.
#pragma once

#include <atomic>
#include <cstdint>

namespace tare::worker {

class StartLine {
 public:
  /// `spin_ns`: how long an early thread spins before it blocks (0: it blocks at once).
  StartLine(int threads, double spin_ns);
  /// Returns once all threads have arrived at this crossing. Reusable: the next crossing
  /// begins as the last thread of this one arrives.
  void arrive_and_wait();

 private:
  const std::uint32_t threads_;
  const double spin_ns_;
  std::atomic<std::uint32_t> arrived_{0};
  std::atomic<std::uint32_t> departed_{0};  // threads on their way since the crossing opened
  std::atomic<std::uint32_t> crossing_{0};  // the futex word: bumped as each crossing opens
};

}  // namespace tare::worker
