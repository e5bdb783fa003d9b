// A Google Benchmark source for bench/coverage.sh: the chain of dependent multiply-adds of
// known_change.cpp (100 rounds), written against Google Benchmark's API and run under
// tare's layer at its defaults, as a user's existing suite would be.
#include <benchmark/benchmark.h>

#include <cstdint>

static void BM_chain(benchmark::State& state) {
  for (auto _ : state) {
    std::uint64_t x = 88172645463325252ull;
    benchmark::DoNotOptimize(x);
    int rounds = 100;
    benchmark::DoNotOptimize(rounds);
    for (int i = 0; i < rounds; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_chain);

BENCHMARK_MAIN();
