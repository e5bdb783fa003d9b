// Corpus: a source written for C++03, compiled with -std=c++03 as Google Benchmark's header
// allows: KeepRunning loops, function templates, a fixture, arguments and ranges, no lambdas
// and no range-for.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#ifdef BENCHMARK_HAS_CXX11
#error "BENCHMARK_HAS_CXX11 is for C++11 and later only"
#endif

static void BM_keep_running(benchmark::State& state) {
  long sum = 0;
  while (state.KeepRunning()) benchmark::DoNotOptimize(sum += state.range(0));
}
BENCHMARK(BM_keep_running)->Arg(1)->Range(8, 64);

template <class T>
static void BM_push_back(benchmark::State& state) {
  while (state.KeepRunning()) {
    std::vector<T> v;
    v.push_back(T());
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK_TEMPLATE(BM_push_back, int);
BENCHMARK_TEMPLATE1(BM_push_back, std::string);

static void BM_batch(benchmark::State& state) {
  long sum = 0;
  while (state.KeepRunningBatch(10)) benchmark::DoNotOptimize(sum += 10);
}
BENCHMARK(BM_batch)->ThreadRange(1, 2);

class OldFixture : public benchmark::Fixture {
 public:
  void SetUp(const benchmark::State&) BENCHMARK_OVERRIDE { value = 7; }
  long value;
};
BENCHMARK_DEFINE_F(OldFixture, Scaled)(benchmark::State& state) {
  long sum = 0;
  while (state.KeepRunning()) benchmark::DoNotOptimize(sum += value * state.range(0));
}
BENCHMARK_REGISTER_F(OldFixture, Scaled)->Arg(2)->UseRealTime();

BENCHMARK_MAIN();
