// The in-application probe's cost per probed call, measured with tare. The same operation
// (a counter incremented and passed to tare::consume) four ways:
//  - probe.none: no probe, the baseline;
//  - probe.coarse: inside a BasicScope<CoarseClock>: two reads of CLOCK_MONOTONIC_COARSE
//    and this thread's counters updated; one call in 64 also reads CLOCK_MONOTONIC twice
//    and records the phase;
//  - probe.tick: inside a BasicScope<TickClock>: two loads of the cached tick (a background
//    thread stores CLOCK_MONOTONIC every 1 ms), the same counters;
//  - probe.monotonic: inside a BasicScope<MonotonicClock>: CLOCK_MONOTONIC for both reads;
//  - probe.macro: TARE_PROBE (a coarse scope behind a function-local static's guard).
// The overhead per probed call is a probe's score minus probe.none's (each is also reported
// as a ratio to probe.none).
//
// Run: build/bench/tare_probe_overhead   (or --filter 'probe\.(none|coarse)')
// Instructions per call (callgrind, deterministic; needs valgrind):
//   bench/instructions.sh build/bench/tare_probe_overhead probe.none
//   bench/instructions.sh build/bench/tare_probe_overhead probe.coarse
// (likewise probe.monotonic, probe.macro); a probe's count minus probe.none's is the probe's
// instructions per call. Under valgrind clock_gettime is a system call (valgrind hides the
// vDSO) whose kernel side callgrind does not count: the figure is the probe's own work plus
// glibc's clock_gettime wrapper, without the vDSO's clock arithmetic; use the timed scores
// for the full cost.
#include <tare/probe.hpp>
#include <tare/tare.hpp>

#include <cstdint>

namespace {

namespace probe = tare::probe;

struct Counter {
  std::uint64_t value = 0;
};

// Registered once per process (each of tare's worker processes has its own registry).
const probe::BasicSite<probe::CoarseClock> coarse_site("bench.probe.coarse");
const probe::BasicSite<probe::MonotonicClock> monotonic_site("bench.probe.monotonic");
const probe::BasicSite<probe::TickClock> tick_site("bench.probe.tick");

}  // namespace

TARE_BENCHMARKS {
  tare::group<Counter>("probe")
      .baseline("none")
      .bench("none", [](Counter& c) { tare::consume(++c.value); })
      .bench("coarse",
             [](Counter& c) {
               const probe::BasicScope<probe::CoarseClock> scope(coarse_site);
               tare::consume(++c.value);
             })
      .bench("tick",
             [](Counter& c) {
               const probe::BasicScope<probe::TickClock> scope(tick_site);
               tare::consume(++c.value);
             })
      .bench("monotonic",
             [](Counter& c) {
               const probe::BasicScope<probe::MonotonicClock> scope(monotonic_site);
               tare::consume(++c.value);
             })
      .bench("macro", [](Counter& c) {
        TARE_PROBE("bench.probe.macro");
        tare::consume(++c.value);
      });
}
