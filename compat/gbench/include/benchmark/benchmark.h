// Google Benchmark's API, run by tare: existing benchmark sources build unchanged against
// this header (link tare::gbench, or tare::gbench_main for BENCHMARK_MAIN's main), and
// each benchmark then runs in several fresh worker processes, warmed up until steady, with
// a confidence interval over processes. Names, flags and the JSON and CSV output follow
// Google Benchmark 1.7; docs/gbench.md says how its options map onto forks and samples.
//
// The timed loop (`for (auto _ : state)`, KeepRunning) is inline, so it compiles into the
// user's own function as it does with Google Benchmark; only one call per sample crosses
// into tare.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tare/detail/ticks.hpp"

// The loop's own steps are inlined into the benchmark function whatever the compiler's
// heuristics say, as in Google Benchmark: an iteration must cost a few instructions.
#ifndef BENCHMARK_ALWAYS_INLINE
#define BENCHMARK_ALWAYS_INLINE __attribute__((always_inline)) inline
#endif

namespace benchmark {

using IterationCount = std::int64_t;

enum TimeUnit { kNanosecond, kMicrosecond, kMillisecond, kSecond };

/// Asymptotic classes for Complexity(); oAuto picks the best fit, oLambda is a user curve.
enum BigO { oNone, o1, oN, oNSquared, oNCubed, oLogN, oNLogN, oAuto, oLambda };
typedef double(BigOFunc)(IterationCount);
typedef double(StatisticsFunc)(const std::vector<double>&);
enum StatisticUnit { kTime, kPercentage };

class Counter {
 public:
  enum Flags {
    kDefaults = 0,
    kIsRate = 1 << 0,                 ///< divided by the run's time in seconds
    kAvgThreads = 1 << 1,             ///< divided by the number of threads
    kAvgThreadsRate = kIsRate | kAvgThreads,
    kIsIterationInvariant = 1 << 2,   ///< multiplied by the iterations
    kIsIterationInvariantRate = kIsRate | kIsIterationInvariant,
    kAvgIterations = 1 << 3,          ///< divided by the iterations
    kAvgIterationsRate = kIsRate | kAvgIterations,
    kInvert = 1 << 30,                ///< 1/value, last
  };
  enum OneK { kIs1000 = 1000, kIs1024 = 1024 };

  Counter(double v = 0., Flags f = kDefaults, OneK k = kIs1000) : value(v), flags(f), oneK(k) {}
  operator double const&() const { return value; }
  operator double&() { return value; }

  double value;
  Flags flags;
  OneK oneK;
};

inline Counter::Flags operator|(const Counter::Flags& a, const Counter::Flags& b) {
  return static_cast<Counter::Flags>(static_cast<int>(a) | static_cast<int>(b));
}

typedef std::map<std::string, Counter> UserCounters;

// Keeps `value` (and what it points to) alive as if read: the computation producing it
// cannot be deleted. The same constraints as Google Benchmark's.
template <class T>
inline __attribute__((always_inline)) void DoNotOptimize(T const& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}
template <class T>
inline __attribute__((always_inline)) void DoNotOptimize(T& value) {
#if defined(__clang__)
  asm volatile("" : "+r,m"(value) : : "memory");
#else
  asm volatile("" : "+m,r"(value) : : "memory");
#endif
}
template <class T>
inline __attribute__((always_inline)) void DoNotOptimize(T&& value) {
#if defined(__clang__)
  asm volatile("" : "+r,m"(value) : : "memory");
#else
  asm volatile("" : "+m,r"(value) : : "memory");
#endif
}
/// Forces every pending write to memory to happen (a compiler barrier).
inline __attribute__((always_inline)) void ClobberMemory() {
  std::atomic_signal_fence(std::memory_order_acq_rel);
  asm volatile("" : : : "memory");
}

namespace internal {
class Benchmark;
struct Access;
}  // namespace internal

/// One run of a benchmark function: `max_iterations` iterations, timed by the loop itself.
class State {
 public:
  struct StateIterator {
    struct Value {};
    StateIterator() = default;
    explicit StateIterator(State* parent) : cached_(parent->error_ ? 0 : parent->max_iterations), parent_(parent) {}
    BENCHMARK_ALWAYS_INLINE Value operator*() const { return Value(); }
    BENCHMARK_ALWAYS_INLINE StateIterator& operator++() {
      --cached_;
      return *this;
    }
    BENCHMARK_ALWAYS_INLINE bool operator!=(const StateIterator&) const {
      if (__builtin_expect(cached_ != 0, 1)) return true;
      parent_->FinishKeepRunning();
      return false;
    }

   private:
    IterationCount cached_ = 0;
    State* parent_ = nullptr;
  };

  BENCHMARK_ALWAYS_INLINE StateIterator begin() {
    StartKeepRunning();
    return StateIterator(this);
  }
  BENCHMARK_ALWAYS_INLINE StateIterator end() { return StateIterator(); }

  BENCHMARK_ALWAYS_INLINE bool KeepRunning() { return KeepRunningInternal(1, false); }
  /// May overshoot by up to n - 1 iterations, as in Google Benchmark.
  BENCHMARK_ALWAYS_INLINE bool KeepRunningBatch(IterationCount n) { return KeepRunningInternal(n, true); }

  // Real time (tare's clock) and CPU time (the thread's, or the process's with
  // MeasureProcessCPUTime) count only while the timer runs, as in Google Benchmark.
  void PauseTiming() {
    accumulated_ticks_ += tare::detail::ticks_stop() - start_ticks_;
    accumulated_cpu_ns_ += cpu_now_ns() - start_cpu_ns_;
    running_ = false;
  }
  void ResumeTiming() {
    running_ = true;
    start_cpu_ns_ = cpu_now_ns();
    start_ticks_ = tare::detail::ticks_start();
  }

  /// Ends this benchmark, reported as skipped with this message (not a failure). The
  /// function should return soon after: the loop stops at its next check.
  void SkipWithError(const char* msg) {
    error_ = true;
    error_message_ = msg ? msg : "";
    remaining_ = 0;
    if (running_) PauseTiming();
  }
  void SkipWithError(const std::string& msg) { SkipWithError(msg.c_str()); }
  bool error_occurred() const { return error_; }

  /// Manual time (UseManualTime): the seconds this iteration took, measured by the caller.
  void SetIterationTime(double seconds) { manual_seconds_ += seconds; }

  void SetBytesProcessed(std::int64_t bytes) {
    counters["bytes_per_second"] = Counter(static_cast<double>(bytes), Counter::kIsRate, Counter::kIs1024);
  }
  std::int64_t bytes_processed() const { return counter_or_zero("bytes_per_second"); }
  void SetItemsProcessed(std::int64_t items) {
    counters["items_per_second"] = Counter(static_cast<double>(items), Counter::kIsRate);
  }
  std::int64_t items_processed() const { return counter_or_zero("items_per_second"); }
  void SetComplexityN(std::int64_t n) { complexity_n_ = n; }
  std::int64_t complexity_length_n() const { return complexity_n_; }

  void SetLabel(const char* label) { label_ = label ? label : ""; }
  void SetLabel(const std::string& label) { label_ = label; }

  std::int64_t range(std::size_t pos = 0) const { return ranges_.at(pos); }
  std::int64_t range_x() const { return range(0); }
  std::int64_t range_y() const { return range(1); }

  IterationCount iterations() const {
    if (!started_) return 0;
    return max_iterations - remaining_ + batch_leftover_;
  }
  int threads() const { return threads_; }
  int thread_index() const { return thread_index_; }
  const std::string& name() const { return name_; }

  const IterationCount max_iterations;
  UserCounters counters;

 private:
  friend struct internal::Access;
  State(std::string name, IterationCount max_iters, std::vector<std::int64_t> ranges, int thread_i, int n_threads,
        bool process_cpu)
      : max_iterations(max_iters),
        name_(std::move(name)),
        ranges_(std::move(ranges)),
        thread_index_(thread_i),
        threads_(n_threads),
        process_cpu_(process_cpu) {}

  std::int64_t cpu_now_ns() const {
    timespec ts;
    clock_gettime(process_cpu_ ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
  }

  void StartKeepRunning() {
    started_ = true;
    remaining_ = error_ ? 0 : max_iterations;
    if (!error_) ResumeTiming();
  }
  void FinishKeepRunning() {
    if (!error_ && running_) PauseTiming();
    remaining_ = 0;
    finished_ = true;
  }
  BENCHMARK_ALWAYS_INLINE bool KeepRunningInternal(IterationCount n, bool is_batch) {
    if (__builtin_expect(!started_, 0)) StartKeepRunning();
    if (__builtin_expect(remaining_ >= n, 1)) {
      remaining_ -= n;
      return true;
    }
    if (is_batch && remaining_ > 0 && !error_) {
      batch_leftover_ = n - remaining_;
      remaining_ = 0;
      return true;
    }
    FinishKeepRunning();
    return false;
  }
  std::int64_t counter_or_zero(const char* key) const {
    const auto it = counters.find(key);
    return it == counters.end() ? 0 : static_cast<std::int64_t>(it->second.value);
  }

  std::string name_;
  std::vector<std::int64_t> ranges_;
  int thread_index_;
  int threads_;
  bool process_cpu_;
  IterationCount remaining_ = 0;
  IterationCount batch_leftover_ = 0;
  std::uint64_t start_ticks_ = 0;
  std::uint64_t accumulated_ticks_ = 0;
  std::int64_t start_cpu_ns_ = 0;
  std::int64_t accumulated_cpu_ns_ = 0;
  double manual_seconds_ = 0;
  bool started_ = false, finished_ = false, running_ = false, error_ = false;
  std::string error_message_, label_;
  std::int64_t complexity_n_ = 0;
};

namespace internal {

/// A registered benchmark family and its settings (the builder methods). Instances (one
/// per argument tuple and thread count) are named exactly as Google Benchmark names them.
class Benchmark {
 public:
  virtual ~Benchmark();

  Benchmark* Name(const std::string& name);
  Benchmark* Arg(std::int64_t x);
  Benchmark* Unit(TimeUnit unit);
  Benchmark* Range(std::int64_t start, std::int64_t limit);
  Benchmark* DenseRange(std::int64_t start, std::int64_t limit, int step = 1);
  Benchmark* Args(const std::vector<std::int64_t>& args);
  Benchmark* ArgPair(std::int64_t x, std::int64_t y) { return Args({x, y}); }
  Benchmark* Ranges(const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges);
  Benchmark* ArgsProduct(const std::vector<std::vector<std::int64_t>>& arglists);
  Benchmark* ArgName(const std::string& name);
  Benchmark* ArgNames(const std::vector<std::string>& names);
  Benchmark* RangePair(std::int64_t lo1, std::int64_t hi1, std::int64_t lo2, std::int64_t hi2) {
    return Ranges({{lo1, hi1}, {lo2, hi2}});
  }
  Benchmark* Apply(void (*func)(Benchmark* benchmark));
  Benchmark* Setup(void (*setup)(const State&));
  Benchmark* Teardown(void (*teardown)(const State&));
  Benchmark* RangeMultiplier(int multiplier);
  Benchmark* MinTime(double t);
  Benchmark* MinWarmUpTime(double t);
  Benchmark* Iterations(IterationCount n);
  Benchmark* Repetitions(int n);
  Benchmark* ReportAggregatesOnly(bool value = true);
  Benchmark* DisplayAggregatesOnly(bool value = true);
  Benchmark* MeasureProcessCPUTime();
  Benchmark* UseRealTime();
  Benchmark* UseManualTime();
  Benchmark* Complexity(BigO complexity = oAuto);
  Benchmark* Complexity(BigOFunc* complexity);
  Benchmark* ComputeStatistics(const std::string& name, StatisticsFunc* statistics, StatisticUnit unit = kTime);
  Benchmark* Threads(int t);
  Benchmark* ThreadRange(int min_threads, int max_threads);
  Benchmark* DenseThreadRange(int min_threads, int max_threads, int stride = 1);
  Benchmark* ThreadPerCpu();

  virtual void Run(State& state) = 0;
  TimeUnit GetTimeUnit() const;

 protected:
  explicit Benchmark(const std::string& name);
  void SetName(const std::string& name);

 private:
  friend struct Access;
  std::string name_;
  std::vector<std::string> arg_names_;
  std::vector<std::vector<std::int64_t>> args_;
  TimeUnit time_unit_ = kNanosecond;
  bool use_default_time_unit_ = true;
  int range_multiplier_ = 8;
  double min_time_ = 0;
  double min_warmup_time_ = 0;
  IterationCount iterations_ = 0;
  int repetitions_ = 0;
  bool report_aggregates_only_ = false;
  bool display_aggregates_only_ = false;
  bool measure_process_cpu_time_ = false;
  bool use_real_time_ = false;
  bool use_manual_time_ = false;
  BigO complexity_ = oNone;
  BigOFunc* complexity_lambda_ = nullptr;
  struct Statistic {
    std::string name;
    StatisticsFunc* compute;
    StatisticUnit unit;
  };
  std::vector<Statistic> statistics_;
  std::vector<int> thread_counts_;
  void (*setup_)(const State&) = nullptr;
  void (*teardown_)(const State&) = nullptr;
};

/// Takes ownership; returns the benchmark for chaining builder calls.
Benchmark* RegisterBenchmarkInternal(Benchmark* benchmark);

class FunctionBenchmark : public Benchmark {
 public:
  FunctionBenchmark(const std::string& name, void (*func)(State&)) : Benchmark(name), func_(func) {}
  void Run(State& st) override { func_(st); }

 private:
  void (*func_)(State&);
};

template <class Lambda>
class LambdaBenchmark : public Benchmark {
 public:
  template <class L>
  LambdaBenchmark(const std::string& name, L&& lambda) : Benchmark(name), lambda_(std::forward<L>(lambda)) {}
  void Run(State& st) override { lambda_(st); }

 private:
  Lambda lambda_;
};

/// BENCHMARK_MAIN's exit status: 1 when a benchmark failed (crashed, threw, hung) in its
/// worker process, 0 otherwise (a benchmark that skipped itself did not fail).
int ExitStatus();

}  // namespace internal

/// Parses and removes Google Benchmark's flags and tare's own options from argv; in a
/// worker process (tare runs the executable again for every fork), sets it up to serve.
void Initialize(int* argc, char** argv, void (*HelperPrinterf)() = nullptr);
/// Prints "unrecognized command-line flag" for what is left in argv; true when anything is.
bool ReportUnrecognizedArguments(int argc, char** argv);
/// Runs the benchmarks that match the filter and reports them in the chosen format.
/// Returns how many ran. In a worker process it serves the runner and exits.
std::size_t RunSpecifiedBenchmarks();
std::size_t RunSpecifiedBenchmarks(std::string spec);
void Shutdown();

std::string GetBenchmarkFilter();
void SetBenchmarkFilter(std::string value);
TimeUnit GetDefaultTimeUnit();
void SetDefaultTimeUnit(TimeUnit unit);
void AddCustomContext(const std::string& key, const std::string& value);

/// Google Benchmark's range helpers: lo, then the powers of `multi` between, then hi.
std::vector<std::int64_t> CreateRange(std::int64_t lo, std::int64_t hi, int multi);
std::vector<std::int64_t> CreateDenseRange(std::int64_t start, std::int64_t limit, int step);

inline internal::Benchmark* RegisterBenchmark(const std::string& name, void (*fn)(State&)) {
  return internal::RegisterBenchmarkInternal(new internal::FunctionBenchmark(name, fn));
}
template <class Lambda>
internal::Benchmark* RegisterBenchmark(const std::string& name, Lambda&& fn) {
  using Bench = internal::LambdaBenchmark<std::decay_t<Lambda>>;
  return internal::RegisterBenchmarkInternal(new Bench(name, std::forward<Lambda>(fn)));
}
template <class Lambda, class... Args>
internal::Benchmark* RegisterBenchmark(const std::string& name, Lambda&& fn, Args&&... args) {
  return RegisterBenchmark(name, [=](State& st) { fn(st, args...); });
}

/// A benchmark with per-run SetUp/TearDown around BenchmarkCase.
class Fixture : public internal::Benchmark {
 public:
  Fixture() : internal::Benchmark("") {}
  void Run(State& st) override {
    this->SetUp(st);
    this->BenchmarkCase(st);
    this->TearDown(st);
  }
  virtual void SetUp(const State&) {}
  virtual void TearDown(const State&) {}
  virtual void SetUp(State& st) { SetUp(const_cast<const State&>(st)); }
  virtual void TearDown(State& st) { TearDown(const_cast<const State&>(st)); }

 protected:
  virtual void BenchmarkCase(State&) = 0;
};

}  // namespace benchmark

#define BENCHMARK_PRIVATE_CONCAT2(a, b, c) a##b##c
#define BENCHMARK_PRIVATE_CONCAT(a, b, c) BENCHMARK_PRIVATE_CONCAT2(a, b, c)
#define BENCHMARK_PRIVATE_NAME(n) BENCHMARK_PRIVATE_CONCAT(benchmark_uniq_, __COUNTER__, n)
#define BENCHMARK_PRIVATE_DECLARE(n) \
  [[maybe_unused]] static ::benchmark::internal::Benchmark* BENCHMARK_PRIVATE_NAME(n)

#define BENCHMARK(...)                                                  \
  BENCHMARK_PRIVATE_DECLARE(_benchmark_) =                              \
      (::benchmark::internal::RegisterBenchmarkInternal(                \
          new ::benchmark::internal::FunctionBenchmark(#__VA_ARGS__, __VA_ARGS__)))
#define BENCHMARK_WITH_ARG(n, a) BENCHMARK(n)->Arg((a))
#define BENCHMARK_WITH_ARG2(n, a1, a2) BENCHMARK(n)->Args({(a1), (a2)})
#define BENCHMARK_WITH_UNIT(n, t) BENCHMARK(n)->Unit((t))
#define BENCHMARK_RANGE(n, lo, hi) BENCHMARK(n)->Range((lo), (hi))
#define BENCHMARK_RANGE2(n, l1, h1, l2, h2) BENCHMARK(n)->RangePair({{(l1), (h1)}, {(l2), (h2)}})

#define BENCHMARK_CAPTURE(func, test_case_name, ...)                                   \
  BENCHMARK_PRIVATE_DECLARE(_benchmark_) =                                             \
      (::benchmark::internal::RegisterBenchmarkInternal(                               \
          new ::benchmark::internal::FunctionBenchmark(                                \
              #func "/" #test_case_name, [](::benchmark::State& st) { func(st, __VA_ARGS__); })))

#define BENCHMARK_TEMPLATE1(n, a)                                  \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #a ">", n<a>)))
#define BENCHMARK_TEMPLATE2(n, a, b)                               \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #a "," #b ">", n<a, b>)))
#define BENCHMARK_TEMPLATE(n, ...)                                 \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #__VA_ARGS__ ">", n<__VA_ARGS__>)))

#define BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method)          \
  class BaseClass##_##Method##_Benchmark : public BaseClass {   \
   public:                                                      \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "/" #Method); } \
                                                                \
   protected:                                                   \
    void BenchmarkCase(::benchmark::State&) override;           \
  };
#define BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a) \
  class BaseClass##_##Method##_Benchmark : public BaseClass<a> {    \
   public:                                                          \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #a ">/" #Method); } \
                                                                    \
   protected:                                                       \
    void BenchmarkCase(::benchmark::State&) override;               \
  };
#define BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b) \
  class BaseClass##_##Method##_Benchmark : public BaseClass<a, b> {    \
   public:                                                             \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #a "," #b ">/" #Method); } \
                                                                       \
   protected:                                                          \
    void BenchmarkCase(::benchmark::State&) override;                  \
  };
#define BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, ...)        \
  class BaseClass##_##Method##_Benchmark : public BaseClass<__VA_ARGS__> {  \
   public:                                                                  \
    BaseClass##_##Method##_Benchmark() { this->SetName(#BaseClass "<" #__VA_ARGS__ ">/" #Method); } \
                                                                            \
   protected:                                                               \
    void BenchmarkCase(::benchmark::State&) override;                       \
  };

#define BENCHMARK_DEFINE_F(BaseClass, Method) \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method) void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE1_DEFINE_F(BaseClass, Method, a) \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a) void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE2_DEFINE_F(BaseClass, Method, a, b) \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b) void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE_DEFINE_F(BaseClass, Method, ...) \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__) void BaseClass##_##Method##_Benchmark::BenchmarkCase

#define BENCHMARK_PRIVATE_REGISTER_F(TestName) \
  BENCHMARK_PRIVATE_DECLARE(TestName) = (::benchmark::internal::RegisterBenchmarkInternal(new TestName()))
#define BENCHMARK_REGISTER_F(BaseClass, Method) BENCHMARK_PRIVATE_REGISTER_F(BaseClass##_##Method##_Benchmark)

#define BENCHMARK_F(BaseClass, Method)           \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method) \
  BENCHMARK_REGISTER_F(BaseClass, Method);       \
  void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE1_F(BaseClass, Method, a)           \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a) \
  BENCHMARK_REGISTER_F(BaseClass, Method);                    \
  void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE2_F(BaseClass, Method, a, b)           \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b) \
  BENCHMARK_REGISTER_F(BaseClass, Method);                       \
  void BaseClass##_##Method##_Benchmark::BenchmarkCase
#define BENCHMARK_TEMPLATE_F(BaseClass, Method, ...)                    \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__)  \
  BENCHMARK_REGISTER_F(BaseClass, Method);                              \
  void BaseClass##_##Method##_Benchmark::BenchmarkCase

#define BENCHMARK_MAIN()                                              \
  int main(int argc, char** argv) {                                   \
    ::benchmark::Initialize(&argc, argv);                             \
    if (::benchmark::ReportUnrecognizedArguments(argc, argv)) return 1; \
    ::benchmark::RunSpecifiedBenchmarks();                            \
    ::benchmark::Shutdown();                                          \
    return ::benchmark::internal::ExitStatus();                       \
  }                                                                   \
  int main(int, char**)
