// How tare's Google Benchmark layer calls benchmark functions, against Google Benchmark
// itself (bench/gbench_calls.sh builds nothing; it runs both builds of this source): a set-up
// of about 60 ms before the loop, a cheap steady loop, slow starts of 0.3 s and 0.8 s (3x
// slower until the process is that old; SlowMs 0 is their steady twin, reading the same
// clock), and a timer paused every iteration.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

// 900,000 random values sorted before the loop, every call: about 60 ms.
static void BM_setup_heavy(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> v(900000);
  for (auto& x : v) x = rng();
  std::sort(v.begin(), v.end());
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(v[i]);
    i = (i + 7919) % v.size();
  }
}
BENCHMARK(BM_setup_heavy);

static const auto g_process_start = std::chrono::steady_clock::now();
static int work(int rounds) {
  int x = 1;
  for (int i = 0; i < rounds; ++i) {
    x = x * 1103515245 + 12345;
    benchmark::DoNotOptimize(x);
  }
  return x;
}
template <int SlowMs>
static void BM_slow_start(benchmark::State& state) {
  for (auto _ : state) {
    const bool slow = std::chrono::steady_clock::now() - g_process_start < std::chrono::milliseconds(SlowMs);
    benchmark::DoNotOptimize(work(slow ? 300 : 100));
  }
}
BENCHMARK_TEMPLATE(BM_slow_start, 0);
BENCHMARK_TEMPLATE(BM_slow_start, 300);
BENCHMARK_TEMPLATE(BM_slow_start, 800);

// The copy is paused, the sort timed (Google Benchmark's own example of PauseTiming).
static void BM_paused(benchmark::State& state) {
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> input(64), v;
  for (auto& x : input) x = rng();
  for (auto _ : state) {
    state.PauseTiming();
    v = input;
    state.ResumeTiming();
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_paused);

BENCHMARK_MAIN();
