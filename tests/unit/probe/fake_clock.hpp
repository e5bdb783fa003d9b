// A simulated clock for the probe's tests: a fine time t that the test advances by hand, and
// a coarse reading floor(t / q) * q that ticks every q, as CLOCK_MONOTONIC_COARSE does. Use
// it as BasicSite / BasicScope's Clock: a call of duration d is simulated by constructing a
// BasicScope, advancing t by d and destroying the scope.
//
// Reading the clock does not advance it unless a test sets read_cost_ns (the scope reads
// now() at construction and destruction, and fine_now() too on one call in 64): a call's
// duration is exactly what the test advanced inside the scope. With read_cost_ns = c each
// read returns the time and then advances it by c, as a real read costs time: a sampled
// call's fine reading then holds 3c besides the call, its coarse reading about c.
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
  static inline std::int64_t read_cost_ns = 0;                  ///< c: what each read advances t by
  static inline std::int64_t tick_jitter_ns = 0;                ///< J: how late a tick's update may come

  /// Tick q and this thread's time t (and zeroes this thread's read counts, the read cost
  /// and the jitter).
  static void reset(std::int64_t q, std::int64_t t = 0) noexcept {
    tick_ns = q;
    read_cost_ns = 0;
    tick_jitter_ns = 0;
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

  /// The coarse clock: the time of the last tick, floor(t / q) * q; with tick_jitter_ns = J
  /// the time of the last update instead, tick k's update coming late by a pseudo-random
  /// 0..J-1 (a tick handler that runs late records when it ran, as a real kernel does).
  static std::int64_t coarse(std::int64_t t) noexcept {
    std::int64_t ticks = t / tick_ns;
    if (t % tick_ns < 0) --ticks;  // floor, should a test go below zero
    if (t < update_time(ticks)) --ticks;
    return update_time(ticks);
  }
  /// When tick k's update happens: k q, plus a delay that depends on k alone (reads agree).
  static std::int64_t update_time(std::int64_t k) noexcept {
    if (tick_jitter_ns <= 0) return k * tick_ns;
    std::uint64_t z = static_cast<std::uint64_t>(k) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z ^= z >> 27;
    return k * tick_ns + static_cast<std::int64_t>(z % static_cast<std::uint64_t>(tick_jitter_ns));
  }

  static std::int64_t now() noexcept {
    ++coarse_reads;
    const std::int64_t reading = coarse(time_ns);
    time_ns += read_cost_ns;
    return reading;
  }
  static std::int64_t fine_now() noexcept {
    ++fine_reads;
    const std::int64_t reading = time_ns;
    time_ns += read_cost_ns;
    return reading;
  }
  static std::int64_t resolution_ns() noexcept { return tick_ns; }
  static const char* name() noexcept { return "fake coarse clock"; }
};

}  // namespace tare::probe::testing
