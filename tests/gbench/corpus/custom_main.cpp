// Corpus: a program with its own main. Covers benchmark::RegisterBenchmark with a plain function,
// with a lambda, with extra arguments (RegisterBenchmark(name, fn, args...)), builder calls on
// what it returns; benchmark::Initialize, benchmark::ReportUnrecognizedArguments,
// benchmark::RunSpecifiedBenchmarks and benchmark::Shutdown.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

static void BM_registered(benchmark::State& state) {
  std::int64_t x = 0;
  for (auto _ : state) benchmark::DoNotOptimize(x += state.range(0));
}

static void BM_with_extra(benchmark::State& state, int factor, const std::string& tag) {
  // Unsigned: the product wraps around instead of overflowing (undefined for signed types).
  std::uint64_t x = tag.size();
  for (auto _ : state) benchmark::DoNotOptimize(x *= static_cast<std::uint64_t>(factor));
}

int main(int argc, char** argv) {
  // Registered at run time, before Initialize, in a loop as users often do.
  for (int size : {1, 8}) {
    const std::string name = "dynamic/size_" + std::to_string(size);
    benchmark::RegisterBenchmark(name.c_str(), [size](benchmark::State& state) {
      std::vector<int> v(static_cast<std::size_t>(size), 1);
      for (auto _ : state) {
        benchmark::DoNotOptimize(v.data());
        benchmark::ClobberMemory();
      }
    });
  }
  benchmark::RegisterBenchmark("registered_function", BM_registered)->Arg(3)->Arg(5);
  benchmark::RegisterBenchmark("registered_extra", BM_with_extra, 3, std::string("tag"))
      ->Unit(benchmark::kMicrosecond)
      ->Iterations(50);
  benchmark::RegisterBenchmark("registered_lambda_args", [](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(state.range(0) * state.range(1));
  })->Args({1, 2})->ArgNames({"a", "b"})->UseRealTime();

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
