// The TSC's rate, measured rather than trusted: the nominal frequency in the model name is
// not always the TSC rate, and a VM may not report it at all. CLOCK_MONOTONIC_RAW is the
// reference because NTP does not slew it.
#include "clock/calibrate_tsc.hpp"

#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>

#include "tare/detail/ticks.hpp"

namespace tare::clock {
namespace {

#if TARE_HAS_TSC
struct Pair {
  double tsc;  // midpoint of the TSC reads that bracket the clock_gettime call
  double ns;
};

std::uint64_t fenced_rdtsc() {
  __builtin_ia32_lfence();
  const std::uint64_t t = __builtin_ia32_rdtsc();
  __builtin_ia32_lfence();
  return t;
}

// Several tries, keeping the one whose bracket is tightest: an interrupt between the reads
// would otherwise put up to its whole length of error into the pair.
Pair read_pair() {
  Pair best{0, 0};
  std::uint64_t best_width = UINT64_MAX;
  for (int attempt = 0; attempt < 8; ++attempt) {
    timespec ts;
    const std::uint64_t before = fenced_rdtsc();
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    const std::uint64_t after = fenced_rdtsc();
    if (after - before < best_width) {
      best_width = after - before;
      best.tsc = static_cast<double>(before) + static_cast<double>(after - before) / 2;
      best.ns = static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
    }
  }
  return best;
}
#endif

}  // namespace

double calibrate_tsc_ghz(std::chrono::milliseconds duration) {
#if TARE_HAS_TSC
  const Pair first = read_pair();
  // Sleeping is fine: an invariant TSC keeps its rate while the core idles, and the span is
  // measured, not assumed.
  std::this_thread::sleep_for(duration);
  const Pair last = read_pair();
  const double ns = last.ns - first.ns;
  if (ns <= 0) return 0;
  return (last.tsc - first.tsc) / ns;
#else
  (void)duration;
  return 0;
#endif
}

}  // namespace tare::clock
