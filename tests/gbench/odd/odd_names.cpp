// A Google Benchmark source whose name and label hold what a user's text may hold: a
// quote, a backslash, a control character and bytes that are not UTF-8.
#include <benchmark/benchmark.h>

static void BM_odd(benchmark::State& state) {
  int x = 0;
  for (auto _ : state) benchmark::DoNotOptimize(++x);
  state.SetLabel("label \xff\xfe end");
}

static benchmark::internal::Benchmark* const odd_registered =
    benchmark::RegisterBenchmark("odd \"quoted\" back\\slash \x01 bad \xc3( end", BM_odd);

BENCHMARK_MAIN();
