#include "worker/start_line.hpp"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <climits>

#include "tare/detail/ticks.hpp"

namespace tare::worker {
namespace {

// The futex word is the std::atomic's own storage (lock-free, the size of an int).
static_assert(std::atomic<std::uint32_t>::is_always_lock_free && sizeof(std::atomic<std::uint32_t>) == 4);

void futex_wait(std::atomic<std::uint32_t>& word, std::uint32_t expected) {
  // Returns at once when the word no longer holds `expected` (EAGAIN), when woken, or on a
  // signal: the caller looks again.
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, expected, nullptr, nullptr, 0);
}

void futex_wake_all(std::atomic<std::uint32_t>& word) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
}

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins while `waiting()` and the time lasts.
template <class Waiting>
void spin(double ns, Waiting waiting) {
  if (ns <= 0) return;
  const std::uint64_t until = detail::monotonic_ns() + static_cast<std::uint64_t>(ns);
  while (waiting() && detail::monotonic_ns() < until) cpu_relax();
}

}  // namespace

StartLine::StartLine(int threads, double spin_ns) : threads_(static_cast<std::uint32_t>(threads)), spin_ns_(spin_ns) {}

void StartLine::arrive_and_wait() {
  const std::uint32_t crossing = crossing_.load(std::memory_order_acquire);
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
    // No thread arrives again, or departs, before this crossing opens: each waits for it here.
    arrived_.store(0, std::memory_order_relaxed);
    departed_.store(0, std::memory_order_relaxed);
    crossing_.store(crossing + 1, std::memory_order_release);
    futex_wake_all(crossing_);
    spin(spin_ns_, [&] { return departed_.load(std::memory_order_acquire) + 1 < threads_; });
    return;
  }
  spin(spin_ns_, [&] { return crossing_.load(std::memory_order_acquire) == crossing; });
  while (crossing_.load(std::memory_order_acquire) == crossing) futex_wait(crossing_, crossing);
  departed_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace tare::worker
