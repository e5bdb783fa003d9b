// A Google Benchmark program whose work is fixed at build time: linked against Google
// Benchmark itself for `tare compare` on its JSON (tests/e2e), and against tare::gbench for
// `tare ab` on two builds of an unchanged GB source (tests/gbench).
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
