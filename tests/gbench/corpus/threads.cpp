// Corpus: multi-threaded benchmarks. Covers Threads, ThreadRange, DenseThreadRange, threads(),
// thread_index(), UseRealTime with threads, UseManualTime + SetIterationTime, ThreadPerCpu
// (its name depends on the machine, but both builds run on the same one).
// No main: linked with the *_main target.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>

static std::atomic<std::int64_t> g_shared{0};

static void BM_threaded(benchmark::State& state) {
  if (state.thread_index() < 0 || state.thread_index() >= state.threads())
    state.SkipWithError("thread_index() out of range");
  std::int64_t local = state.thread_index();
  for (auto _ : state) {
    for (int i = 0; i < 16; ++i) benchmark::DoNotOptimize(local += i);
  }
  g_shared += local;
  state.counters["threads_seen"] = state.threads();
}
BENCHMARK(BM_threaded)->Threads(1)->Threads(2);
BENCHMARK(BM_threaded)->ThreadRange(1, 4);                   // 1 2 4
BENCHMARK(BM_threaded)->DenseThreadRange(1, 3);              // 1 2 3
BENCHMARK(BM_threaded)->DenseThreadRange(1, 4, 2);           // 1 3 4
BENCHMARK(BM_threaded)->Arg(8)->Threads(2)->UseRealTime();
BENCHMARK(BM_threaded)->Arg(8)->ThreadRange(1, 2)->UseRealTime();
BENCHMARK(BM_threaded)->Arg(16)->ThreadPerCpu();

// Manual time: each iteration reports a fixed duration of its own.
static void BM_manual(benchmark::State& state) {
  for (auto _ : state) {
    std::int64_t x = 0;
    for (int i = 0; i < 8; ++i) benchmark::DoNotOptimize(x += i);
    state.SetIterationTime(1e-6 * static_cast<double>(state.range(0)));
  }
}
BENCHMARK(BM_manual)->Arg(1)->Arg(2)->UseManualTime();
BENCHMARK(BM_manual)->Arg(1)->Threads(2)->UseManualTime();
