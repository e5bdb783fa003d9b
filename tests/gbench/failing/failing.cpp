// A Google Benchmark source with a benchmark that crashes: under Google Benchmark the whole
// program dies with it; under tare only its worker does, the others are reported.
#include <benchmark/benchmark.h>

#include <csignal>

static void BM_fine(benchmark::State& state) {
  int x = 0;
  for (auto _ : state) benchmark::DoNotOptimize(x += 1);
}
BENCHMARK(BM_fine);

static void BM_crashes(benchmark::State& state) {
  for (auto _ : state) std::raise(SIGSEGV);
}
BENCHMARK(BM_crashes);

BENCHMARK_MAIN();
