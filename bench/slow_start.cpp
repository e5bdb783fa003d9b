// A slow start longer than a fork: the same chain of 1000 dependent multiply-adds (about
// 1.5 µs) run steady, and run 3x slower (three chains per call) until its process is 0.5 s
// or 0.8 s old, as a lazily filled cache or a JIT would make it. A harness that measures
// each process for a tenth of a second reports the slow ones at about 3x; tare's first
// fork looks as far as the warmup bound for such a start, and every later fork waits it
// out. The figure is each slow-start variant's ratio to the steady one (1.00 is the goal;
// within 3%), with the slow start tare reports (how long, how much slower).
// Run: build/bench/tare_slow_start --forks 12 --max-forks 12 --budget 100s (a fixed number of
// forks, so that all three span the same minutes of the machine's drift)
#include <tare/tare.hpp>

#include <chrono>
#include <cstdint>

namespace {

const auto process_start = std::chrono::steady_clock::now();

std::uint64_t chains(int count) {
  std::uint64_t x = tare::opaque(std::uint64_t{88172645463325252ull});
  const int rounds = tare::opaque(1000) * count;
  for (int i = 0; i < rounds; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x;
}

template <int SlowMs>
std::uint64_t slow_for_the_first() {
  const bool slow = std::chrono::steady_clock::now() - process_start < std::chrono::milliseconds(SlowMs);
  return chains(slow ? 3 : 1);
}

}  // namespace

TARE_BENCHMARKS {
  tare::group("start")
      .baseline("steady")
      .bench("steady", [] { return slow_for_the_first<0>(); })
      .bench("slow_500ms", [] { return slow_for_the_first<500>(); })
      .bench("slow_800ms", [] { return slow_for_the_first<800>(); });
}
