// The meeting point of a multi-threaded Google Benchmark run's threads (State's start and
// finish of the timed loop): a reusable barrier that blocks rather than spins, because runs
// often have more threads than the machine has CPUs (ThreadPerCpu, Threads(15)).
#pragma once

#include <benchmark/benchmark.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace benchmark::internal {

class ThreadManager {
 public:
  explicit ThreadManager(int threads) : threads_(threads) {}
  /// Returns when all `threads` have arrived (at this crossing).
  void arrive_and_wait();

 private:
  const int threads_;
  std::mutex mutex_;
  std::condition_variable all_here_;
  int arrived_ = 0;
  std::uint64_t crossing_ = 0;
};

}  // namespace benchmark::internal
