// The TSC's rate, measured rather than trusted: the nominal frequency in the model name is
// not always the TSC rate, and a VM may not report it at all. CLOCK_MONOTONIC_RAW is the
// reference because NTP does not slew it.
#include "clock/calibrate_tsc.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>

#include "tare/detail/ticks.hpp"

namespace tare::clock {
namespace {

#if TARE_HAS_TSC
struct Pair {
  double tsc;    // midpoint of the TSC reads that bracket the clock_gettime call
  double ns;
  double width;  // ticks between those reads: the clock was read somewhere inside them
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
  Pair best{0, 0, 0};
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
      best.width = static_cast<double>(best_width);
    }
  }
  return best;
}
#endif

}  // namespace

double tsc_rate_error_bound(double span_ticks, double span_ns, double first_width, double last_width) {
  if (!(span_ticks > 0) || !(span_ns > 0)) return 1;
  // Each pair's TSC value is its bracket's midpoint, off by at most half the bracket; each
  // clock reading is off by at most its 1 ns quantum.
  return (first_width + last_width) / 2 / span_ticks + 2 / span_ns;
}

TscRate calibrate_tsc(std::chrono::milliseconds longest, double relative_error) {
#if TARE_HAS_TSC
  const Pair first = read_pair();
  const double deadline_ns = first.ns + static_cast<double>(std::chrono::nanoseconds(longest).count());
  // The bound falls as the span grows: a first look at the rate after 1 ms, then as long a
  // span as the brackets ask for. Sleeping is fine: an invariant TSC keeps its rate while
  // the core idles, and the span is measured, not assumed.
  double span_wanted_ns = 1e6;
  for (;;) {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC_RAW, &now);
    const double now_ns = static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
    const double sleep_ns = std::min(first.ns + span_wanted_ns, deadline_ns) - now_ns;
    if (sleep_ns > 0) std::this_thread::sleep_for(std::chrono::nanoseconds(static_cast<std::int64_t>(sleep_ns)));
    const Pair last = read_pair();
    TscRate rate;
    const double span_ticks = last.tsc - first.tsc, span_ns = last.ns - first.ns;
    if (!(span_ns > 0)) return rate;
    rate.ghz = span_ticks / span_ns;
    rate.span_ns = span_ns;
    rate.relative_error = tsc_rate_error_bound(span_ticks, span_ns, first.width, last.width);
    if (rate.relative_error <= relative_error || last.ns >= deadline_ns) return rate;
    // Not yet: the span the bound asks for at these brackets and the rate now known (a
    // little more, so one more look suffices).
    span_wanted_ns = std::max(span_ns, ((first.width + last.width) / 2 / rate.ghz + 2) / relative_error) * 1.05;
  }
#else
  (void)longest;
  (void)relative_error;
  return {};
#endif
}

}  // namespace tare::clock
