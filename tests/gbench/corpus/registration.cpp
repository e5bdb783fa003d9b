// Corpus: registration and the State loop, as a Google Benchmark user writes them.
// Covers BENCHMARK, BENCHMARK_CAPTURE, BENCHMARK_TEMPLATE (1 and 2 template arguments), the
// builder methods Arg, Args, Range, Ranges, RangeMultiplier, DenseRange, ArgsProduct, ArgName,
// ArgNames, Apply (custom function), Name, Unit, Iterations, Repetitions, MinTime,
// MinWarmUpTime, UseRealTime, MeasureProcessCPUTime, ComputeStatistics (custom "max"),
// Setup/Teardown (per-run callbacks), benchmark::CreateRange, benchmark::CreateDenseRange,
// negative and zero range bounds; State range-for, KeepRunning, KeepRunningBatch, range(i),
// iterations(), PauseTiming/ResumeTiming, DoNotOptimize, ClobberMemory. Uses BENCHMARK_MAIN().
// Every body is cheap: the corpus checks behaviour and names, not speed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

// A little work that the optimiser cannot remove.
static std::uint64_t spin(std::int64_t n) {
  std::uint64_t x = 1;  // unsigned: wraps around instead of overflowing
  for (std::int64_t i = 0; i < n; ++i) {
    x = x * 31 + static_cast<std::uint64_t>(i);
    benchmark::DoNotOptimize(x);
  }
  return x;
}

// Plain BENCHMARK with the range-for loop.
static void BM_empty(benchmark::State& state) {
  for (auto _ : state) {
    int x = 0;
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_empty);

// Timed loops the optimiser deletes whole at -O2: an empty body and a constant assignment.
// Google Benchmark reports about 0 ns; neither build may hang.
static void BM_nothing(benchmark::State& state) {
  for (auto _ : state) {
  }
}
BENCHMARK(BM_nothing);
static void BM_constant(benchmark::State& state) {
  int x = 0;
  for (auto _ : state) x = 42;
  if (x != 42 && state.iterations() > 0) state.SkipWithError("the loop did not run");
}
BENCHMARK(BM_constant);
// Warmed up for at least a second of timed time: a deleted loop never times that much.
BENCHMARK(BM_nothing)->MinWarmUpTime(1.0);

// Iterations(N) is one run of exactly N iterations in a process.
static void BM_once(benchmark::State& state) {
  static int runs = 0;
  if (++runs > 1) state.SkipWithError("run more than once in this process");
  for (auto _ : state) benchmark::DoNotOptimize(runs);
  if (state.iterations() != 42) state.SkipWithError("not 42 iterations");
}
BENCHMARK(BM_once)->Iterations(42);

// KeepRunning loop, DoNotOptimize and ClobberMemory on a small vector.
static void BM_keep_running(benchmark::State& state) {
  std::vector<int> v;
  v.reserve(16);
  while (state.KeepRunning()) {
    v.push_back(42);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
    v.clear();
  }
}
BENCHMARK(BM_keep_running);

// KeepRunningBatch: batches of 8 iterations; iterations() is a multiple of the batch.
static void BM_keep_running_batch(benchmark::State& state) {
  std::int64_t sum = 0;
  while (state.KeepRunningBatch(8)) {
    for (int i = 0; i < 8; ++i) benchmark::DoNotOptimize(sum += i);
  }
  if (state.iterations() % 8 != 0) state.SkipWithError("KeepRunningBatch: not a multiple of 8");
}
BENCHMARK(BM_keep_running_batch);

// One argument: Arg, Range (with RangeMultiplier), DenseRange, zero and negative bounds.
static void BM_arg(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  for (auto _ : state) benchmark::DoNotOptimize(spin(n < 0 ? -n : n));
}
BENCHMARK(BM_arg)->Arg(1)->Arg(16);
BENCHMARK(BM_arg)->Range(8, 64);                              // default multiplier 8
BENCHMARK(BM_arg)->RangeMultiplier(2)->Range(1, 16);          // 1 2 4 8 16
BENCHMARK(BM_arg)->DenseRange(0, 6, 3);                       // 0 3 6
BENCHMARK(BM_arg)->DenseRange(-2, 2);                         // -2 -1 0 1 2
BENCHMARK(BM_arg)->Range(0, 8);                               // zero lower bound
BENCHMARK(BM_arg)->Range(-8, -1);                             // negative bounds
BENCHMARK(BM_arg)->RangeMultiplier(4)->Range(-16, 16);        // across zero

// Several arguments: Args, Ranges, ArgsProduct with CreateRange / CreateDenseRange.
static void BM_two_args(benchmark::State& state) {
  const std::int64_t a = state.range(0);
  const std::int64_t b = state.range(1);
  for (auto _ : state) benchmark::DoNotOptimize(spin((a < 0 ? -a : a) % 16 + (b < 0 ? -b : b) % 16));
}
BENCHMARK(BM_two_args)->Args({1, 2})->Args({-3, 0});
BENCHMARK(BM_two_args)->Ranges({{1, 8}, {0, 2}});
BENCHMARK(BM_two_args)->ArgsProduct({{1, 3}, {-1, 0, 1}});
BENCHMARK(BM_two_args)->ArgsProduct({benchmark::CreateRange(4, 64, /*multi=*/4),
                                     benchmark::CreateDenseRange(-1, 1, /*step=*/1)});

// ArgName and ArgNames show up in the names.
BENCHMARK(BM_arg)->ArgName("size")->Arg(4)->Arg(-4);
BENCHMARK(BM_two_args)->ArgNames({"rows", "cols"})->Args({2, 3})->Ranges({{1, 4}, {5, 5}});
BENCHMARK(BM_two_args)->ArgNames({"", "b"})->Args({7, 8});  // an empty name shows the value only

// Apply with a custom function.
static void custom_arguments(benchmark::internal::Benchmark* b) {
  for (int i = 0; i <= 4; i += 2)
    for (int j = 8; j <= 16; j *= 2) b->Args({i, j});
}
BENCHMARK(BM_two_args)->Apply(custom_arguments);

// Name and Unit.
BENCHMARK(BM_empty)->Name("renamed/empty");
BENCHMARK(BM_arg)->Name("BM_arg_in_us")->Arg(3)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_empty)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_empty)->Unit(benchmark::kSecond);
BENCHMARK(BM_empty)->Unit(benchmark::kNanosecond);

// Iterations, Repetitions, MinTime, MinWarmUpTime.
BENCHMARK(BM_empty)->Iterations(100);
BENCHMARK(BM_arg)->Arg(2)->Iterations(7);
BENCHMARK(BM_empty)->Repetitions(3);
BENCHMARK(BM_empty)->MinTime(0.01);
BENCHMARK(BM_empty)->MinWarmUpTime(0.005);
BENCHMARK(BM_empty)->MinTime(0.02)->MinWarmUpTime(0.001);

// UseRealTime and MeasureProcessCPUTime (and both).
BENCHMARK(BM_arg)->Arg(8)->UseRealTime();
BENCHMARK(BM_arg)->Arg(8)->MeasureProcessCPUTime();
BENCHMARK(BM_arg)->Arg(8)->MeasureProcessCPUTime()->UseRealTime();

// ComputeStatistics: a custom statistic next to mean/median/stddev, needs repetitions.
static double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }
BENCHMARK(BM_arg)->Arg(5)->Repetitions(3)->ComputeStatistics("max", max_of);

// Setup / Teardown: called once per run with the run's State.
static int g_setup_calls = 0;
static int g_teardown_calls = 0;
static void DoSetup(const benchmark::State& state) {
  ++g_setup_calls;
  benchmark::DoNotOptimize(state.range(0));
}
static void DoTeardown(const benchmark::State& state) {
  ++g_teardown_calls;
  benchmark::DoNotOptimize(state.range(0));
}
static void BM_with_setup(benchmark::State& state) {
  if (g_setup_calls != g_teardown_calls + 1) state.SkipWithError("Setup was not called before the run");
  for (auto _ : state) benchmark::DoNotOptimize(spin(state.range(0)));
}
BENCHMARK(BM_with_setup)->Arg(4)->Arg(8)->Setup(DoSetup)->Teardown(DoTeardown);

// PauseTiming / ResumeTiming around untimed preparation.
static void BM_paused(benchmark::State& state) {
  std::vector<int> v(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    std::fill(v.begin(), v.end(), 1);
    state.ResumeTiming();
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_paused)->Arg(32);

// BENCHMARK_CAPTURE: extra arguments bound to the function.
template <class... Extra>
static void BM_capture(benchmark::State& state, Extra&&... extra) {
  std::int64_t n = 0;
  ((n += static_cast<std::int64_t>(std::string(extra).size())), ...);
  for (auto _ : state) benchmark::DoNotOptimize(spin(n));
}
BENCHMARK_CAPTURE(BM_capture, short_string, std::string("abc"));
BENCHMARK_CAPTURE(BM_capture, two_strings, std::string("abcd"), std::string("ef"))->Arg(1);

// BENCHMARK_TEMPLATE with one and two template arguments.
template <class T>
static void BM_template1(benchmark::State& state) {
  std::vector<T> v(8, T(1));
  for (auto _ : state) {
    T sum = T();
    for (const T& x : v) sum += x;
    benchmark::DoNotOptimize(sum);
  }
}
BENCHMARK_TEMPLATE(BM_template1, int);
BENCHMARK_TEMPLATE(BM_template1, double)->Arg(2);

template <class T, class U>
static void BM_template2(benchmark::State& state) {
  for (auto _ : state) {
    T t = T(3);
    U u = U(4);
    benchmark::DoNotOptimize(t);
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK_TEMPLATE(BM_template2, int, double);
BENCHMARK_TEMPLATE(BM_template2, long, float)->Range(1, 8);

// KeepRunning around an empty body: what the loop itself costs per iteration.
static void BM_keep_running_empty(benchmark::State& state) {
  int x = 0;
  while (state.KeepRunning()) benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_keep_running_empty);

// Costly set-up before the loop and inside PauseTiming: neither counts, in real or CPU time.
static void BM_setup_outside_timer(benchmark::State& state) {
  benchmark::DoNotOptimize(spin(2000000));
  for (auto _ : state) {
    state.PauseTiming();
    benchmark::DoNotOptimize(spin(50000));
    state.ResumeTiming();
    benchmark::DoNotOptimize(spin(5000));
  }
}
BENCHMARK(BM_setup_outside_timer);

BENCHMARK_MAIN();
