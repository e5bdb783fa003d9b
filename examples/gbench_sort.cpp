// A Google Benchmark source, unchanged: built against tare::gbench_main instead of
// benchmark::benchmark_main, it keeps its names, flags and JSON, and every benchmark runs
// in fresh worker processes with a confidence interval over them. See docs/gbench.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

static void BM_sort(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> input(n);
  for (auto& x : input) x = rng();
  std::vector<std::uint64_t> v;
  for (auto _ : state) {
    state.PauseTiming();  // copying the unsorted input is not what is measured
    v = input;
    state.ResumeTiming();
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_sort)->RangeMultiplier(8)->Range(64, 32768)->Complexity(benchmark::oNLogN);
