// A Google Benchmark source with a known number of allocations per iteration, built against
// tare::gbench, for --prof alloc through the Google Benchmark layer: three blocks of 64 bytes.
#include <benchmark/benchmark.h>

#include <cstdlib>

static void BM_three_blocks(benchmark::State& state) {
  for (auto _ : state) {
    for (int i = 0; i < 3; ++i) {
      void* block = std::malloc(64);
      benchmark::DoNotOptimize(block);
      std::free(block);
    }
  }
}
BENCHMARK(BM_three_blocks);

BENCHMARK_MAIN();
