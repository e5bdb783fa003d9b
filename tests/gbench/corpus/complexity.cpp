// Corpus: asymptotic complexity. Covers SetComplexityN with Complexity(benchmark::oN),
// Complexity(benchmark::oNSquared), Complexity() (oAuto) and Complexity(lambda), over
// RangeMultiplier/Range. The bodies really are O(n) (summing a vector) and O(n^2) (a double
// loop), with n large enough for the class to be clear and iterations still in microseconds.
// No main: linked with the *_main target.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

static void BM_linear(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::vector<std::int64_t> v(n, 3);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      sum += v[i];
      benchmark::DoNotOptimize(sum);
    }
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_linear)->RangeMultiplier(4)->Range(1 << 8, 1 << 14)->Complexity(benchmark::oN);

static void BM_quadratic(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::vector<std::int64_t> v(n, 5);
  for (auto _ : state) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        sum += v[i] ^ v[j];
        benchmark::DoNotOptimize(sum);
      }
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_quadratic)->RangeMultiplier(2)->Range(16, 256)->Complexity(benchmark::oNSquared);

// oAuto: the fit must find N^2. The least-squares fit leans on the largest n, so the top two
// sizes decide it: a factor 8 apart, N^2 makes them 64x apart and N lg N 10.7x, and only a
// 2.5x error in one of them (not the 1.3x that sizes 4x apart allow) would swap the classes.
BENCHMARK(BM_quadratic)->Name("BM_quadratic_auto")->RangeMultiplier(8)->Range(8, 4096)->Complexity();

// A user-supplied complexity function.
BENCHMARK(BM_linear)
    ->Name("BM_linear_lambda")
    ->RangeMultiplier(4)
    ->Range(1 << 8, 1 << 14)
    ->Complexity([](benchmark::IterationCount n) -> double { return static_cast<double>(n); });
