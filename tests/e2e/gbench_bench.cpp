// A Google Benchmark program (linked against Google Benchmark itself, not tare) whose work
// is fixed at build time, for `tare compare` on Google Benchmark JSON.
#include <benchmark/benchmark.h>

#include <cstdint>

static void BM_spin(benchmark::State& state) {
  std::uint64_t x = 88172645463325252ull;
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    for (int i = 0; i < TARE_AB_WORK; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_spin);

BENCHMARK_MAIN();
