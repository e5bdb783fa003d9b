// A Google Benchmark source built twice, doing SPIN_ROUNDS or 1.5 times as many rounds of
// a dependent xorshift chain: `tare ab` on two builds of an unchanged GB source.
#include <benchmark/benchmark.h>

#include <cstdint>

static void BM_spin(benchmark::State& state) {
  std::uint64_t x = 88172645463325252u;
  for (auto _ : state) {
    for (int i = 0; i < SPIN_ROUNDS; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_spin);

BENCHMARK_MAIN();
