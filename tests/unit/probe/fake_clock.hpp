// A simulated clock for the probe's tests: a fine time t that the test advances by hand, and
// a coarse reading floor(t / q) * q that ticks every q, as CLOCK_MONOTONIC_COARSE does. Use
// it as BasicSite / BasicScope's Clock: a call of duration d is simulated by constructing a
// BasicScope, advancing t by d and destroying the scope.
//
// Reading the clock never advances it (the scope reads now() at construction and
// destruction, and fine_now() too on one call in 64): a call's duration is exactly what the
// test advanced inside the scope.
//
// The time is per thread (each thread simulates its own calls); the tick q is shared: set it
// with reset() before constructing a site (the site and the registry keep the q they saw)
// and before starting threads.
#pragma once

#include <cstdint>

namespace tare::probe::testing {

struct FakeClock {
  static inline std::int64_t tick_ns = 4'000'000;               ///< q
  static inline thread_local std::int64_t time_ns = 0;          ///< t, this thread's
  static inline thread_local std::uint64_t coarse_reads = 0;    ///< now() calls, this thread
  static inline thread_local std::uint64_t fine_reads = 0;      ///< fine_now() calls, this thread

  /// Tick q and this thread's time t (and zeroes this thread's read counts).
  static void reset(std::int64_t q, std::int64_t t = 0) noexcept {
    tick_ns = q;
    time_ns = t;
    coarse_reads = 0;
    fine_reads = 0;
  }
  /// This thread's time t (and zeroes its read counts); q stays as it is. For threads.
  static void start_thread_at(std::int64_t t) noexcept {
    time_ns = t;
    coarse_reads = 0;
    fine_reads = 0;
  }
  static void advance(std::int64_t ns) noexcept { time_ns += ns; }

  /// The coarse clock: the time of the last tick, floor(t / q) * q.
  static std::int64_t coarse(std::int64_t t) noexcept {
    std::int64_t ticks = t / tick_ns;
    if (t % tick_ns < 0) --ticks;  // floor, should a test go below zero
    return ticks * tick_ns;
  }

  static std::int64_t now() noexcept {
    ++coarse_reads;
    return coarse(time_ns);
  }
  static std::int64_t fine_now() noexcept {
    ++fine_reads;
    return time_ns;
  }
  static std::int64_t resolution_ns() noexcept { return tick_ns; }
  static const char* name() noexcept { return "fake coarse clock"; }
};

}  // namespace tare::probe::testing
