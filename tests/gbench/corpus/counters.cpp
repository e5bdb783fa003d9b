// Corpus: user counters and per-run reporting. Covers state.counters with benchmark::Counter and
// its flags (kIsRate, kAvgThreads, kAvgIterations, kIsIterationInvariant,
// kIsIterationInvariantRate, kAvgThreadsRate, kInvert), SetItemsProcessed, SetBytesProcessed,
// SetLabel, SkipWithError (with a fixed message) and a constant counter ("answer" = 42)
// whose value can be compared exactly. Uses BENCHMARK_MAIN().
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

static std::int64_t touch(std::vector<int>& v) {
  std::int64_t sum = 0;
  for (int& x : v) sum += ++x;
  benchmark::DoNotOptimize(sum);
  return sum;
}

static void BM_counters(benchmark::State& state) {
  std::vector<int> v(64, 1);
  for (auto _ : state) touch(v);
  state.counters["answer"] = 42;
  state.counters["plain"] = benchmark::Counter(7);
  state.counters["rate"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["per_iteration"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * 3, benchmark::Counter::kAvgIterations);
  state.counters["invariant"] = benchmark::Counter(2, benchmark::Counter::kIsIterationInvariant);
  state.counters["invariant_rate"] = benchmark::Counter(64, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["inverted_rate"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["kibi"] = benchmark::Counter(2048, benchmark::Counter::kDefaults, benchmark::Counter::kIs1024);
}
BENCHMARK(BM_counters);

// Thread-averaged counters.
static void BM_thread_counters(benchmark::State& state) {
  std::vector<int> v(32, 1);
  for (auto _ : state) touch(v);
  state.counters["answer"] = 42;
  state.counters["per_thread"] = benchmark::Counter(10, benchmark::Counter::kAvgThreads);
  state.counters["per_thread_rate"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kAvgThreadsRate);
}
BENCHMARK(BM_thread_counters)->Threads(1)->Threads(2);

// items_per_second, bytes_per_second and a label.
static void BM_processed(benchmark::State& state) {
  std::vector<int> v(static_cast<std::size_t>(state.range(0)), 1);
  for (auto _ : state) touch(v);
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * state.range(0) * static_cast<std::int64_t>(sizeof(int)));
  state.SetLabel("label-" + std::to_string(state.range(0)));
}
BENCHMARK(BM_processed)->Arg(16)->Arg(128);

static void BM_label_only(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
  state.SetLabel("fixed label");
}
BENCHMARK(BM_label_only);

// Skips itself with a fixed message: reported as an error, the run still succeeds.
static void BM_skipped(benchmark::State& state) {
  state.SkipWithError("skipped on purpose");
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_skipped);

// Skips itself from inside the loop, after some iterations.
static void BM_skipped_in_loop(benchmark::State& state) {
  for (auto _ : state) {
    state.SkipWithError("failed in the loop");
    break;
  }
}
BENCHMARK(BM_skipped_in_loop);

BENCHMARK_MAIN();
