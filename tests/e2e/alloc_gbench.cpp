// A Google Benchmark source with a known number of allocations per iteration, built against
// tare::gbench, for --prof alloc through the Google Benchmark layer: three blocks of 64 bytes,
// alone and between paused stretches that allocate and free a hundred.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

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

// A hundred blocks allocated and freed with the timer paused around each iteration's three:
// what runs paused is not the iteration's.
static void BM_three_blocks_paused_around(benchmark::State& state) {
  std::vector<void*> hundred(100);
  for (auto _ : state) {
    state.PauseTiming();
    for (void*& block : hundred) block = std::malloc(16);
    benchmark::ClobberMemory();
    state.ResumeTiming();
    for (int i = 0; i < 3; ++i) {
      void* block = std::malloc(64);
      benchmark::DoNotOptimize(block);
      std::free(block);
    }
    state.PauseTiming();
    for (void* block : hundred) std::free(block);
    state.ResumeTiming();
  }
}
BENCHMARK(BM_three_blocks_paused_around);

BENCHMARK_MAIN();
