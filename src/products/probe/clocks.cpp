// The probe's clocks out of line: CoarseClock's CLOCK_MONOTONIC_COARSE, MonotonicClock, and
// TickClock's ticker thread, which stores CLOCK_MONOTONIC every millisecond. No header of its
// own: include/tare/probe.hpp declares them.
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#include "tare/probe.hpp"

namespace tare::probe {
namespace {

std::int64_t read(clockid_t clock) noexcept {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

constexpr std::int64_t kTickPeriodNs = 1'000'000;
// A tick older than this many periods means the ticker has stopped (a forked child has no
// threads but the one that forked) or the machine is very busy; either way, check.
constexpr std::int64_t kStaleTicks = 16;

std::mutex g_ticker_mutex;
pid_t g_ticker_pid = 0;  // the process whose ticker is running

// Wakes every period on absolute deadlines and publishes the time it woke. Late wake-ups
// publish late times: the readings step by the real time elapsed, so they stay unbiased.
void tick_forever() {
  std::int64_t next = read(CLOCK_MONOTONIC);
  for (;;) {
    next += kTickPeriodNs;
    const timespec deadline{static_cast<time_t>(next / 1'000'000'000), static_cast<long>(next % 1'000'000'000)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) != 0) {
    }
    const std::int64_t now = read(CLOCK_MONOTONIC);
    detail::g_tick_ns.store(now, std::memory_order_relaxed);
    next = std::max(next, now - kTickPeriodNs);  // after a long stall, do not race to catch up
  }
}

// In a forked child the ticker is gone: mark the tick stale at once (0 is long ago), so
// that the child's first sampled call starts a ticker of its own, and free the mutex in
// case another thread of the parent held it. Async-signal-safe: stores only.
extern "C" void ticker_after_fork_in_child() {
  detail::g_tick_ns.store(0, std::memory_order_relaxed);
  g_ticker_pid = 0;
  new (&g_ticker_mutex) std::mutex;
}

// Starts this process's ticker unless it runs. Without a thread (none can be made) the
// tick stands still: every reading is 0 and the probe says "not enough calls yet".
void ensure_ticker() noexcept {
  std::lock_guard lock(g_ticker_mutex);
  const pid_t pid = ::getpid();
  if (g_ticker_pid == pid) return;
  static const bool fork_handled = ::pthread_atfork(nullptr, nullptr, ticker_after_fork_in_child) == 0;
  (void)fork_handled;
  detail::g_tick_ns.store(read(CLOCK_MONOTONIC), std::memory_order_relaxed);
  try {
    std::thread(tick_forever).detach();
    g_ticker_pid = pid;
  } catch (const std::system_error&) {
  }
}

}  // namespace

std::int64_t CoarseClock::now() noexcept { return read(CLOCK_MONOTONIC_COARSE); }
std::int64_t CoarseClock::fine_now() noexcept { return read(CLOCK_MONOTONIC); }
std::int64_t CoarseClock::resolution_ns() noexcept {
  static const std::int64_t resolution = [] {
    timespec ts{};
    clock_getres(CLOCK_MONOTONIC_COARSE, &ts);
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec);
  }();
  return resolution;
}
std::int64_t MonotonicClock::now() noexcept { return read(CLOCK_MONOTONIC); }

std::int64_t TickClock::fine_now() noexcept {
  const std::int64_t now = read(CLOCK_MONOTONIC);
  if (now - detail::g_tick_ns.load(std::memory_order_relaxed) > kStaleTicks * kTickPeriodNs) ensure_ticker();
  return now;
}
std::int64_t TickClock::resolution_ns() noexcept {
  ensure_ticker();
  return kTickPeriodNs;
}

}  // namespace tare::probe
