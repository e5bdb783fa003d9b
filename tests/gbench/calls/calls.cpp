// Google Benchmark functions as a user writes them, to see how tare's layer calls them: one
// that counts its calls and how far its loop got in each, one with a long set-up before its
// loop, two that pause their timer every iteration (one for nearly all of it), slow starts, calls longer than a process
// measures, and threads that wait for one another.
#include <benchmark/benchmark.h>

#include <chrono>
#include <thread>
#include <vector>

static int g_calls = 0;

// A local carried through the whole loop: under Google Benchmark, and under tare, one call
// serves many samples, so the count reaches far past one sample's iterations.
static void BM_carries_on(benchmark::State& state) {
  ++g_calls;
  long reached = 0;
  for (auto _ : state) benchmark::DoNotOptimize(++reached);
  state.counters["calls_so_far"] = g_calls;
  state.counters["reached"] = static_cast<double>(reached);
}
BENCHMARK(BM_carries_on);

// 30 ms of set-up before the loop in every call.
static void BM_long_setup(benchmark::State& state) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  std::vector<int> v(1000, 1);
  for (auto _ : state) benchmark::DoNotOptimize(v.data());
}
BENCHMARK(BM_long_setup);

// The copy is paused, the work timed: CPU time must pause with it.
static void BM_paused(benchmark::State& state) {
  std::vector<int> input(256), v;
  for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<int>((i * 7919) % 256);
  for (auto _ : state) {
    state.PauseTiming();
    v = input;
    state.ResumeTiming();
    long sum = 0;
    for (int x : v) sum += x;
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(input.size()));
}
BENCHMARK(BM_paused);

// Nearly all of each iteration untimed: 2,000 steps paused, one timed. Its samples time a
// small share of what they span.
static void BM_mostly_paused(benchmark::State& state) {
  long sum = 0;
  for (auto _ : state) {
    state.PauseTiming();
    for (int i = 0; i < 2000; ++i) benchmark::DoNotOptimize(sum += i);
    state.ResumeTiming();
    benchmark::DoNotOptimize(sum += 1);
  }
}
BENCHMARK(BM_mostly_paused);

// A process 3x slower until it is 0.3 s old, and one until it is 0.8 s old: a Google
// Benchmark-length run watches its first process for 0.5 s.
static const auto g_process_start = std::chrono::steady_clock::now();
static long spin(int rounds) {
  long x = 1;
  for (int i = 0; i < rounds; ++i) benchmark::DoNotOptimize(x = x * 7 + i);
  return x;
}
template <int SlowMs>
static void BM_slow_start(benchmark::State& state) {
  for (auto _ : state) {
    const bool slow = std::chrono::steady_clock::now() - g_process_start < std::chrono::milliseconds(SlowMs);
    benchmark::DoNotOptimize(spin(slow ? 300 : 100));
  }
}
BENCHMARK_TEMPLATE(BM_slow_start, 300);
BENCHMARK_TEMPLATE(BM_slow_start, 800);

// One iteration that lasts 100 ms (never less: a sleep is at least as long as asked), and
// one of 5 ms: with --benchmark_min_time=0.01 a process warms up for at most 20 ms and
// measures 3.3 ms, so one call of the first is all a process needs, and the second is not.
template <int Ms>
static void BM_sleeps(benchmark::State& state) {
  for (auto _ : state) std::this_thread::sleep_for(std::chrono::milliseconds(Ms));
  state.counters["iterations"] = static_cast<double>(state.iterations());
}
BENCHMARK_TEMPLATE(BM_sleeps, 100);
BENCHMARK_TEMPLATE(BM_sleeps, 5);

// Four threads, of which only the first does anything (it sleeps 2 ms an iteration): the
// other three wait for it in every sample, and must not use a CPU while they wait.
static void BM_threads_wait(benchmark::State& state) {
  for (auto _ : state)
    if (state.thread_index() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
}
BENCHMARK(BM_threads_wait)->Threads(4);

BENCHMARK_MAIN();
