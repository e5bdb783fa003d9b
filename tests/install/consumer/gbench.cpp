// A Google Benchmark source, as a user's would be, built against the installed tare::gbench.
#include <benchmark/benchmark.h>

#include <string>

static void BM_concat(benchmark::State& state) {
  std::string s;
  for (auto _ : state) {
    s += 'x';
    benchmark::DoNotOptimize(s.data());
    if (s.size() > 1000) s.clear();
  }
}
BENCHMARK(BM_concat)->Arg(1);
