// Google Benchmark's API, run by tare: existing benchmark sources build unchanged against
// this header (link tare::gbench, or tare::gbench_main for BENCHMARK_MAIN's main), and
// each benchmark then runs in several fresh worker processes, warmed up until steady, with
// a confidence interval over processes. The public surface, names, flags and the console,
// JSON and CSV formats are Google Benchmark 1.7.1's; docs/gbench.md says how its options
// map onto forks and samples.
//
// Like Google Benchmark's, this header compiles as C++98: what needs C++11 is declared only
// when BENCHMARK_HAS_CXX11 is. The timed loop (`for (auto _ : state)`, KeepRunning) is
// inline, so it compiles into the user's own function as it does with Google Benchmark;
// only the end of a batch (a sample's worth of iterations) crosses into tare.
#ifndef BENCHMARK_BENCHMARK_H_
#define BENCHMARK_BENCHMARK_H_

#if __cplusplus >= 201103L
#define BENCHMARK_HAS_CXX11
#endif
#if __cplusplus >= 201703L
#define BENCHMARK_HAS_CXX17
#endif

#include <stdint.h>
#include <time.h>

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <iosfwd>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "benchmark/export.h"
#include "tare/detail/ticks.hpp"

#ifdef BENCHMARK_HAS_CXX11
#include <atomic>
#include <initializer_list>
#include <type_traits>
#endif

#ifndef BENCHMARK_HAS_CXX11
#define BENCHMARK_DISALLOW_COPY_AND_ASSIGN(TypeName) \
  TypeName(const TypeName&);                         \
  TypeName& operator=(const TypeName&)
#else
#define BENCHMARK_DISALLOW_COPY_AND_ASSIGN(TypeName) \
  TypeName(const TypeName&) = delete;                \
  TypeName& operator=(const TypeName&) = delete
#endif

#ifdef BENCHMARK_HAS_CXX17
#define BENCHMARK_UNUSED [[maybe_unused]]
#else
#define BENCHMARK_UNUSED __attribute__((unused))
#endif

// The loop's own steps are inlined into the benchmark function whatever the compiler's
// heuristics say: an iteration must cost a few instructions.
#define BENCHMARK_ALWAYS_INLINE __attribute__((always_inline))

#define BENCHMARK_INTERNAL_TOSTRING2(x) #x
#define BENCHMARK_INTERNAL_TOSTRING(x) BENCHMARK_INTERNAL_TOSTRING2(x)

#define BENCHMARK_BUILTIN_EXPECT(x, y) __builtin_expect(x, y)
#define BENCHMARK_DEPRECATED_MSG(msg) __attribute__((deprecated(msg)))
#define BENCHMARK_WARNING_MSG(msg) __attribute__((warning(msg)))
#define BENCHMARK_DISABLE_DEPRECATED_WARNING \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"")
#define BENCHMARK_RESTORE_DEPRECATED_WARNING _Pragma("GCC diagnostic pop")

#if defined(__GNUC__) && !defined(__clang__)
#define BENCHMARK_GCC_VERSION (__GNUC__ * 100 + __GNUC_MINOR__)
#endif

#define BENCHMARK_UNREACHABLE() __builtin_unreachable()

#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_OVERRIDE override
#else
#define BENCHMARK_OVERRIDE
#endif

namespace benchmark {

class BenchmarkReporter;

/// Prints the flags, as Google Benchmark's --help does, with tare's own options.
void PrintDefaultHelp();

/// Parses and removes Google Benchmark's flags and tare's own options from argv; in a
/// worker process (tare runs the executable again for every fork), sets it up to serve.
void Initialize(int* argc, char** argv, void (*HelperPrinterf)() = PrintDefaultHelp);
void Shutdown();

/// Prints "unrecognized command-line flag" for what is left in argv; true when anything is.
bool ReportUnrecognizedArguments(int argc, char** argv);

std::string GetBenchmarkFilter();
void SetBenchmarkFilter(std::string value);
/// The value of --v.
int32_t GetBenchmarkVerbosity();

/// The reporter --benchmark_format asks for (console, json or csv), to standard output.
BenchmarkReporter* CreateDefaultDisplayReporter();

/// Runs the benchmarks that match the filter (or `spec`) and reports them: to the display
/// reporter (the format asked for, by default) and, with --benchmark_out, to the file
/// reporter. Returns how many matched. In a worker process it serves the runner and exits.
size_t RunSpecifiedBenchmarks();
size_t RunSpecifiedBenchmarks(std::string spec);
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter);
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, std::string spec);
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, BenchmarkReporter* file_reporter);
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, BenchmarkReporter* file_reporter,
                              std::string spec);

enum TimeUnit { kNanosecond, kMicrosecond, kMillisecond, kSecond };

TimeUnit GetDefaultTimeUnit();
void SetDefaultTimeUnit(TimeUnit unit);

/// Allocation metrics of a benchmark: tare calls Start and Stop around one more run of
/// each benchmark after its measured ones, in the worker process (where the benchmark ran).
class MemoryManager {
 public:
  static const int64_t TombstoneValue;

  struct Result {
    Result()
        : num_allocs(0), max_bytes_used(0), total_allocated_bytes(TombstoneValue), net_heap_growth(TombstoneValue) {}
    int64_t num_allocs;
    int64_t max_bytes_used;
    int64_t total_allocated_bytes;  ///< TombstoneValue when not known
    int64_t net_heap_growth;        ///< TombstoneValue when not known
  };

  virtual ~MemoryManager() {}
  virtual void Start() = 0;
  BENCHMARK_DEPRECATED_MSG("Use Stop(Result&) instead")
  virtual void Stop(Result* result) = 0;
  BENCHMARK_DISABLE_DEPRECATED_WARNING
  virtual void Stop(Result& result) { Stop(&result); }
  BENCHMARK_RESTORE_DEPRECATED_WARNING
};

void RegisterMemoryManager(MemoryManager* memory_manager);

/// A key and value printed with the run's context (console) and in the JSON's context.
void AddCustomContext(const std::string& key, const std::string& value);

namespace internal {
class Benchmark;
class BenchmarkImp;
class BenchmarkFamilies;
struct Access;

/// The custom context (AddCustomContext); null until something is added.
std::map<std::string, std::string>*& GetGlobalContext();

void UseCharPointer(char const volatile*);

/// Takes ownership of the pointer and registers the benchmark; returns it.
Benchmark* RegisterBenchmarkInternal(Benchmark*);

/// Makes sure the standard streams are initialised in every translation unit.
int InitializeStreams();
BENCHMARK_UNUSED static int stream_init_anchor = InitializeStreams();

}  // namespace internal

// Keeps `value` (and what it points to) alive as if read, so that the computation producing
// it cannot be deleted; the constraints are Google Benchmark's for each compiler.
#ifdef BENCHMARK_HAS_CXX11
inline BENCHMARK_ALWAYS_INLINE void ClobberMemory() { std::atomic_signal_fence(std::memory_order_acq_rel); }
#else
inline BENCHMARK_ALWAYS_INLINE void ClobberMemory() { asm volatile("" : : : "memory"); }
#endif

#if defined(__clang__) || !defined(BENCHMARK_HAS_CXX11)
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE void DoNotOptimize(Tp const& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE void DoNotOptimize(Tp& value) {
#if defined(__clang__)
  asm volatile("" : "+r,m"(value) : : "memory");
#else
  asm volatile("" : "+m,r"(value) : : "memory");
#endif
}
#else
// GCC: a register only for small trivially copyable values; memory otherwise (a large or
// non-trivial object in a register constraint would be copied, or not compile).
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE
    typename std::enable_if<std::is_trivially_copyable<Tp>::value && (sizeof(Tp) <= sizeof(Tp*))>::type
    DoNotOptimize(Tp const& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE
    typename std::enable_if<!std::is_trivially_copyable<Tp>::value || (sizeof(Tp) > sizeof(Tp*))>::type
    DoNotOptimize(Tp const& value) {
  asm volatile("" : : "m"(value) : "memory");
}
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE
    typename std::enable_if<std::is_trivially_copyable<Tp>::value && (sizeof(Tp) <= sizeof(Tp*))>::type
    DoNotOptimize(Tp& value) {
  asm volatile("" : "+m,r"(value) : : "memory");
}
template <class Tp>
inline BENCHMARK_ALWAYS_INLINE
    typename std::enable_if<!std::is_trivially_copyable<Tp>::value || (sizeof(Tp) > sizeof(Tp*))>::type
    DoNotOptimize(Tp& value) {
  asm volatile("" : "+m"(value) : : "memory");
}
#endif

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
    kInvert = 1 << 31                 ///< 1/value, last
  };
  enum OneK { kIs1000 = 1000, kIs1024 = 1024 };

  double value;
  Flags flags;
  OneK oneK;

  BENCHMARK_ALWAYS_INLINE Counter(double v = 0., Flags f = kDefaults, OneK k = kIs1000) : value(v), flags(f), oneK(k) {}
  BENCHMARK_ALWAYS_INLINE operator double const&() const { return value; }
  BENCHMARK_ALWAYS_INLINE operator double&() { return value; }
};

inline Counter::Flags operator|(const Counter::Flags& a, const Counter::Flags& b) {
  return static_cast<Counter::Flags>(static_cast<int>(a) | static_cast<int>(b));
}

typedef std::map<std::string, Counter> UserCounters;

/// Asymptotic classes for Complexity(); oAuto picks the best fit, oLambda is a user curve.
enum BigO { oNone, o1, oN, oNSquared, oNCubed, oLogN, oNLogN, oAuto, oLambda };

typedef int64_t IterationCount;

enum StatisticUnit { kTime, kPercentage };

typedef double(BigOFunc)(IterationCount);
typedef double(StatisticsFunc)(const std::vector<double>&);

namespace internal {

struct Statistics {
  std::string name_;
  StatisticsFunc* compute_;
  StatisticUnit unit_;
  Statistics(const std::string& name, StatisticsFunc* compute, StatisticUnit unit = kTime)
      : name_(name), compute_(compute), unit_(unit) {}
};

class BenchmarkInstance;
class ThreadTimer;
class ThreadManager;
class PerfCountersMeasurement;
class CallDriver;

/// The threads of one multi-threaded run meet here where their timed loop starts and where
/// it ends, as in Google Benchmark: per-thread set-up is done before any thread times, and
/// no thread tears down while another still runs the loop.
void StartStopBarrier(ThreadManager* manager);

enum AggregationReportMode
#ifdef BENCHMARK_HAS_CXX11
    : unsigned
#endif
{ ARM_Unspecified = 0,
  ARM_Default = 1U << 0U,
  ARM_FileReportAggregatesOnly = 1U << 1U,
  ARM_DisplayReportAggregatesOnly = 1U << 2U,
  ARM_ReportAggregatesOnly = ARM_FileReportAggregatesOnly | ARM_DisplayReportAggregatesOnly };

}  // namespace internal

/// One call of a benchmark function: at most `max_iterations` iterations, timed by the loop
/// itself. Real time is read with tare's clock and CPU time with the thread's (or, with
/// MeasureProcessCPUTime, the process's) CPU clock, only while the timer runs.
///
/// One call serves many of tare's samples, as one run of Google Benchmark serves its
/// measurement: the loop runs in batches (a sample's worth of iterations each), and at a
/// batch's end the timer stops and the call waits, outside any timing, until the next sample
/// asks for another batch. What the function sets up before its loop is built a few times per
/// process, and what it keeps in locals carries on from sample to sample. The iterations of
/// all batches stay within `max_iterations`, fixed when the call starts.
class State {
 public:
  struct StateIterator;
  friend struct StateIterator;

  BENCHMARK_ALWAYS_INLINE StateIterator begin();
  BENCHMARK_ALWAYS_INLINE StateIterator end();

  BENCHMARK_ALWAYS_INLINE bool KeepRunning() { return KeepRunningInternal(1, false); }
  /// May overshoot by up to n - 1 iterations, as in Google Benchmark.
  BENCHMARK_ALWAYS_INLINE bool KeepRunningBatch(IterationCount n) { return KeepRunningInternal(n, true); }

  /// The timer stops: neither real nor CPU time counts until ResumeTiming (the CPU clock's
  /// own read is left out as well, so that on one thread CPU time never exceeds real time).
  void PauseTiming();
  void ResumeTiming();

  /// Ends this benchmark, reported with this message as an error. The function should
  /// return soon after: the loop stops at its next check.
  void SkipWithError(const char* msg) {
    error_ = true;
    error_message_ = msg ? msg : "";
    remaining_ = 0;
    if (running_) PauseTiming();
  }
  bool error_occurred() const { return error_; }

  /// Manual time (UseManualTime): the seconds this iteration took, measured by the caller.
  void SetIterationTime(double seconds) { manual_seconds_ += seconds; }

  BENCHMARK_ALWAYS_INLINE void SetBytesProcessed(int64_t bytes) {
    counters["bytes_per_second"] = Counter(static_cast<double>(bytes), Counter::kIsRate, Counter::kIs1024);
  }
  BENCHMARK_ALWAYS_INLINE int64_t bytes_processed() const { return counter_or_zero("bytes_per_second"); }
  BENCHMARK_ALWAYS_INLINE void SetComplexityN(int64_t complexity_n) { complexity_n_ = complexity_n; }
  BENCHMARK_ALWAYS_INLINE int64_t complexity_length_n() const { return complexity_n_; }
  BENCHMARK_ALWAYS_INLINE void SetItemsProcessed(int64_t items) {
    counters["items_per_second"] = Counter(static_cast<double>(items), Counter::kIsRate);
  }
  BENCHMARK_ALWAYS_INLINE int64_t items_processed() const { return counter_or_zero("items_per_second"); }

  void SetLabel(const char* label) { label_ = label ? label : ""; }
  void BENCHMARK_ALWAYS_INLINE SetLabel(const std::string& str) { this->SetLabel(str.c_str()); }

  BENCHMARK_ALWAYS_INLINE int64_t range(std::size_t pos = 0) const {
    assert(ranges_.size() > pos);
    return ranges_[pos];
  }
  BENCHMARK_DEPRECATED_MSG("use 'range(0)' instead")
  int64_t range_x() const { return range(0); }
  BENCHMARK_DEPRECATED_MSG("use 'range(1)' instead")
  int64_t range_y() const { return range(1); }

  BENCHMARK_ALWAYS_INLINE int threads() const { return threads_; }
  BENCHMARK_ALWAYS_INLINE int thread_index() const { return thread_index_; }

  /// The iterations this call has run (as in Google Benchmark, a range-for loop counts them
  /// as its batches end).
  BENCHMARK_ALWAYS_INLINE IterationCount iterations() const {
    if (BENCHMARK_BUILTIN_EXPECT(!started_, false)) return 0;
    return done_ + batch_ - remaining_ + batch_leftover_;
  }

  /// The iterations the loop may run: until it ends, the most this call will run (a buffer
  /// sized by it holds every iteration); once it has ended, the iterations it ran, as under
  /// Google Benchmark (a call that serves a process's samples ends where they do).
  IterationCount max_iterations;
  UserCounters counters;

 private:
  friend struct internal::Access;
  State(const std::string& name, IterationCount max_iters, const std::vector<int64_t>& ranges, int thread_i,
        int n_threads, bool process_cpu, internal::ThreadManager* manager, internal::CallDriver* driver)
      : max_iterations(max_iters),
        name_(name),
        ranges_(ranges),
        thread_index_(thread_i),
        threads_(n_threads),
        process_cpu_(process_cpu),
        remaining_(0),
        batch_(0),
        done_(0),
        batch_leftover_(0),
        start_ticks_(0),
        accumulated_ticks_(0),
        start_cpu_ns_(0),
        accumulated_cpu_ns_(0),
        manual_seconds_(0),
        started_(false),
        finished_(false),
        running_(false),
        error_(false),
        complexity_n_(0),
        manager_(manager),
        driver_(driver) {}

  // The loop's slow paths, in the library (outside the timer, or at its edges).
  void StartKeepRunning();
  void FinishKeepRunning();
  // A batch has run: the timer stops and the call waits for the next sample. Returns the
  // next batch's iterations, or 0 when the call is to end (its max_iterations, an error).
  IterationCount NextBatch();

  BENCHMARK_ALWAYS_INLINE bool KeepRunningInternal(IterationCount n, bool is_batch) {
    if (BENCHMARK_BUILTIN_EXPECT(!started_, 0)) StartKeepRunning();
    for (;;) {
      if (BENCHMARK_BUILTIN_EXPECT(remaining_ >= n, 1)) {
        remaining_ -= n;
        return true;
      }
      if (is_batch && remaining_ > 0 && !error_) {
        batch_leftover_ += n - remaining_;
        remaining_ = 0;
        return true;
      }
      if (NextBatch() == 0) break;
    }
    FinishKeepRunning();
    return false;
  }
  int64_t counter_or_zero(const char* key) const {
    const UserCounters::const_iterator it = counters.find(key);
    return it == counters.end() ? 0 : static_cast<int64_t>(it->second.value);
  }

  std::string name_;
  std::vector<int64_t> ranges_;
  int thread_index_;
  int threads_;
  bool process_cpu_;
  IterationCount remaining_;       ///< of the current batch
  IterationCount batch_;           ///< the current batch's iterations
  IterationCount done_;            ///< the iterations of the batches before it
  IterationCount batch_leftover_;  ///< KeepRunningBatch's overshoot in the current batch
  uint64_t start_ticks_;
  uint64_t accumulated_ticks_;
  int64_t start_cpu_ns_;
  double accumulated_cpu_ns_;
  double manual_seconds_;
  bool started_, finished_, running_, error_;
  std::string error_message_, label_;
  int64_t complexity_n_;
  internal::ThreadManager* manager_;  ///< the run's threads, when there are several
  internal::CallDriver* driver_;      ///< hands batches between the loop and the worker (null: one batch)
};

struct State::StateIterator {
  struct BENCHMARK_UNUSED Value {};
  typedef std::forward_iterator_tag iterator_category;
  typedef Value value_type;
  typedef Value reference;
  typedef Value pointer;
  typedef std::ptrdiff_t difference_type;

 private:
  friend class State;
  BENCHMARK_ALWAYS_INLINE StateIterator() : cached_(0), parent_(0) {}
  BENCHMARK_ALWAYS_INLINE explicit StateIterator(State* st) : cached_(st->error_ ? 0 : st->batch_), parent_(st) {}

 public:
  BENCHMARK_ALWAYS_INLINE Value operator*() const { return Value(); }
  BENCHMARK_ALWAYS_INLINE StateIterator& operator++() {
    --cached_;
    return *this;
  }
  BENCHMARK_ALWAYS_INLINE bool operator!=(StateIterator const&) const {
    if (BENCHMARK_BUILTIN_EXPECT(cached_ != 0, true)) return true;
    // The batch ran whole: the next one, if the call goes on.
    parent_->remaining_ = 0;
    cached_ = parent_->NextBatch();
    if (cached_ != 0) return true;
    parent_->FinishKeepRunning();
    return false;
  }

 private:
  mutable IterationCount cached_;
  State* const parent_;
};

inline BENCHMARK_ALWAYS_INLINE State::StateIterator State::begin() {
  StartKeepRunning();
  return StateIterator(this);
}
inline BENCHMARK_ALWAYS_INLINE State::StateIterator State::end() { return StateIterator(); }

namespace internal {

typedef void(Function)(State&);

/// A registered benchmark family and its settings (the builder methods). Instances (one
/// per argument tuple and thread count) are named exactly as Google Benchmark names them.
class Benchmark {
 public:
  virtual ~Benchmark();

  Benchmark* Name(const std::string& name);
  Benchmark* Arg(int64_t x);
  Benchmark* Unit(TimeUnit unit);
  Benchmark* Range(int64_t start, int64_t limit);
  Benchmark* DenseRange(int64_t start, int64_t limit, int step = 1);
  Benchmark* Args(const std::vector<int64_t>& args);
  Benchmark* ArgPair(int64_t x, int64_t y) {
    std::vector<int64_t> args;
    args.push_back(x);
    args.push_back(y);
    return Args(args);
  }
  Benchmark* Ranges(const std::vector<std::pair<int64_t, int64_t> >& ranges);
  Benchmark* ArgsProduct(const std::vector<std::vector<int64_t> >& arglists);
  Benchmark* ArgName(const std::string& name);
  Benchmark* ArgNames(const std::vector<std::string>& names);
  Benchmark* RangePair(int64_t lo1, int64_t hi1, int64_t lo2, int64_t hi2) {
    std::vector<std::pair<int64_t, int64_t> > ranges;
    ranges.push_back(std::make_pair(lo1, hi1));
    ranges.push_back(std::make_pair(lo2, hi2));
    return Ranges(ranges);
  }
  Benchmark* Setup(void (*setup)(const benchmark::State&));
  Benchmark* Teardown(void (*teardown)(const benchmark::State&));
  Benchmark* Apply(void (*func)(Benchmark* benchmark));
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
  Benchmark* Complexity(BigO complexity = benchmark::oAuto);
  Benchmark* Complexity(BigOFunc* complexity);
  Benchmark* ComputeStatistics(const std::string& name, StatisticsFunc* statistics, StatisticUnit unit = kTime);
  Benchmark* Threads(int t);
  Benchmark* ThreadRange(int min_threads, int max_threads);
  Benchmark* DenseThreadRange(int min_threads, int max_threads, int stride = 1);
  Benchmark* ThreadPerCpu();

  virtual void Run(State& state) = 0;

  TimeUnit GetTimeUnit() const;

 protected:
  explicit Benchmark(const char* name);
  void SetName(const char* name);
  int ArgsCnt() const;

 private:
  friend struct Access;
  std::string name_;
  std::vector<std::string> arg_names_;
  std::vector<std::vector<int64_t> > args_;
  TimeUnit time_unit_;
  bool use_default_time_unit_;
  int range_multiplier_;
  double min_time_;
  double min_warmup_time_;
  IterationCount iterations_;
  int repetitions_;
  AggregationReportMode aggregation_report_mode_;
  bool measure_process_cpu_time_;
  bool use_real_time_;
  bool use_manual_time_;
  BigO complexity_;
  BigOFunc* complexity_lambda_;
  std::vector<Statistics> statistics_;
  std::vector<int> thread_counts_;
  typedef void (*callback_function)(const benchmark::State&);
  callback_function setup_;
  callback_function teardown_;

  BENCHMARK_DISALLOW_COPY_AND_ASSIGN(Benchmark);
};

}  // namespace internal

internal::Benchmark* RegisterBenchmark(const char* name, internal::Function* fn);
#ifdef BENCHMARK_HAS_CXX11
template <class Lambda>
internal::Benchmark* RegisterBenchmark(const char* name, Lambda&& fn);
#endif

/// Forgets every benchmark registered so far (those of the BENCHMARK macros too).
void ClearRegisteredBenchmarks();

namespace internal {

class FunctionBenchmark : public Benchmark {
 public:
  FunctionBenchmark(const char* name, Function* func) : Benchmark(name), func_(func) {}
  virtual void Run(State& st) BENCHMARK_OVERRIDE { func_(st); }

 private:
  Function* func_;
};

#ifdef BENCHMARK_HAS_CXX11
template <class Lambda>
class LambdaBenchmark : public Benchmark {
 public:
  virtual void Run(State& st) BENCHMARK_OVERRIDE { lambda_(st); }

 private:
  template <class OLambda>
  LambdaBenchmark(const char* name, OLambda&& lam) : Benchmark(name), lambda_(std::forward<OLambda>(lam)) {}
  LambdaBenchmark(LambdaBenchmark const&) = delete;
  template <class Lam>
  friend Benchmark* ::benchmark::RegisterBenchmark(const char*, Lam&&);

  Lambda lambda_;
};
#endif

/// BENCHMARK_MAIN's exit status: 1 when a benchmark failed (crashed, threw, hung) in its
/// worker process, 0 otherwise (a benchmark that skipped itself did not fail).
int ExitStatus();

}  // namespace internal

inline internal::Benchmark* RegisterBenchmark(const char* name, internal::Function* fn) {
  return internal::RegisterBenchmarkInternal(::new internal::FunctionBenchmark(name, fn));
}

#ifdef BENCHMARK_HAS_CXX11
template <class Lambda>
internal::Benchmark* RegisterBenchmark(const char* name, Lambda&& fn) {
  typedef internal::LambdaBenchmark<typename std::decay<Lambda>::type> BenchType;
  return internal::RegisterBenchmarkInternal(::new BenchType(name, std::forward<Lambda>(fn)));
}
template <class Lambda, class... Args>
internal::Benchmark* RegisterBenchmark(const char* name, Lambda&& fn, Args&&... args) {
  return benchmark::RegisterBenchmark(name, [=](benchmark::State& st) { fn(st, args...); });
}
#endif

/// A benchmark with per-run SetUp/TearDown around BenchmarkCase.
class Fixture : public internal::Benchmark {
 public:
  Fixture() : internal::Benchmark("") {}
  virtual void Run(State& st) BENCHMARK_OVERRIDE {
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

#if defined(__COUNTER__) && (__COUNTER__ + 1 == __COUNTER__ + 0)
#define BENCHMARK_PRIVATE_UNIQUE_ID __COUNTER__
#else
#define BENCHMARK_PRIVATE_UNIQUE_ID __LINE__
#endif

#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_PRIVATE_NAME(...) \
  BENCHMARK_PRIVATE_CONCAT(benchmark_uniq_, BENCHMARK_PRIVATE_UNIQUE_ID, __VA_ARGS__)
#else
#define BENCHMARK_PRIVATE_NAME(n) BENCHMARK_PRIVATE_CONCAT(benchmark_uniq_, BENCHMARK_PRIVATE_UNIQUE_ID, n)
#endif

#define BENCHMARK_PRIVATE_CONCAT(a, b, c) BENCHMARK_PRIVATE_CONCAT2(a, b, c)
#define BENCHMARK_PRIVATE_CONCAT2(a, b, c) a##b##c
// Through a macro, so that a fixture's name given as a macro is expanded first.
#define BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) BaseClass##_##Method##_Benchmark

#define BENCHMARK_PRIVATE_DECLARE(n) static ::benchmark::internal::Benchmark* BENCHMARK_PRIVATE_NAME(n) BENCHMARK_UNUSED

#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK(...)                                                 \
  BENCHMARK_PRIVATE_DECLARE(_benchmark_) =                             \
      (::benchmark::internal::RegisterBenchmarkInternal(               \
          new ::benchmark::internal::FunctionBenchmark(#__VA_ARGS__, &__VA_ARGS__)))
#else
#define BENCHMARK(n)               \
  BENCHMARK_PRIVATE_DECLARE(n) =   \
      (::benchmark::internal::RegisterBenchmarkInternal(new ::benchmark::internal::FunctionBenchmark(#n, n)))
#endif

#define BENCHMARK_WITH_ARG(n, a) BENCHMARK(n)->Arg((a))
#define BENCHMARK_WITH_ARG2(n, a1, a2) BENCHMARK(n)->Args({(a1), (a2)})
#define BENCHMARK_WITH_UNIT(n, t) BENCHMARK(n)->Unit((t))
#define BENCHMARK_RANGE(n, lo, hi) BENCHMARK(n)->Range((lo), (hi))
#define BENCHMARK_RANGE2(n, l1, h1, l2, h2) BENCHMARK(n)->RangePair({{(l1), (h1)}, {(l2), (h2)}})

#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_CAPTURE(func, test_case_name, ...)                \
  BENCHMARK_PRIVATE_DECLARE(func) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#func "/" #test_case_name,             \
                                                   [](::benchmark::State& st) { func(st, __VA_ARGS__); })))
#endif

#define BENCHMARK_TEMPLATE1(n, a)                                  \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #a ">", n<a>)))
#define BENCHMARK_TEMPLATE2(n, a, b)                               \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #a "," #b ">", n<a, b>)))
#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_TEMPLATE(n, ...)                                 \
  BENCHMARK_PRIVATE_DECLARE(n) = (::benchmark::internal::RegisterBenchmarkInternal( \
      new ::benchmark::internal::FunctionBenchmark(#n "<" #__VA_ARGS__ ">", n<__VA_ARGS__>)))
#else
#define BENCHMARK_TEMPLATE(n, a) BENCHMARK_TEMPLATE1(n, a)
#endif

#define BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method)                             \
  class BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) : public BaseClass {      \
   public:                                                                         \
    BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)() { this->SetName(#BaseClass "/" #Method); } \
                                                                                   \
   protected:                                                                      \
    virtual void BenchmarkCase(::benchmark::State&) BENCHMARK_OVERRIDE;            \
  };
#define BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a)                \
  class BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) : public BaseClass<a> {   \
   public:                                                                         \
    BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)() { this->SetName(#BaseClass "<" #a ">/" #Method); } \
                                                                                   \
   protected:                                                                      \
    virtual void BenchmarkCase(::benchmark::State&) BENCHMARK_OVERRIDE;            \
  };
#define BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b)               \
  class BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) : public BaseClass<a, b> {  \
   public:                                                                           \
    BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)() {                             \
      this->SetName(#BaseClass "<" #a "," #b ">/" #Method);                          \
    }                                                                                \
                                                                                     \
   protected:                                                                        \
    virtual void BenchmarkCase(::benchmark::State&) BENCHMARK_OVERRIDE;              \
  };
#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, ...)                           \
  class BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method) : public BaseClass<__VA_ARGS__> {     \
   public:                                                                                     \
    BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)() {                                       \
      this->SetName(#BaseClass "<" #__VA_ARGS__ ">/" #Method);                                 \
    }                                                                                          \
                                                                                               \
   protected:                                                                                  \
    virtual void BenchmarkCase(::benchmark::State&) BENCHMARK_OVERRIDE;                        \
  };
#else
#define BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(n, a) BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(n, a)
#endif

#define BENCHMARK_DEFINE_F(BaseClass, Method) \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method) void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE1_DEFINE_F(BaseClass, Method, a)    \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a) \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE2_DEFINE_F(BaseClass, Method, a, b)    \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b) \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_TEMPLATE_DEFINE_F(BaseClass, Method, ...)            \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__) \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#else
#define BENCHMARK_TEMPLATE_DEFINE_F(BaseClass, Method, a) BENCHMARK_TEMPLATE1_DEFINE_F(BaseClass, Method, a)
#endif

#define BENCHMARK_REGISTER_F(BaseClass, Method) \
  BENCHMARK_PRIVATE_REGISTER_F(BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method))
#define BENCHMARK_PRIVATE_REGISTER_F(TestName) \
  BENCHMARK_PRIVATE_DECLARE(TestName) = (::benchmark::internal::RegisterBenchmarkInternal(new TestName()))

#define BENCHMARK_F(BaseClass, Method)           \
  BENCHMARK_PRIVATE_DECLARE_F(BaseClass, Method) \
  BENCHMARK_REGISTER_F(BaseClass, Method);       \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE1_F(BaseClass, Method, a)           \
  BENCHMARK_TEMPLATE1_PRIVATE_DECLARE_F(BaseClass, Method, a) \
  BENCHMARK_REGISTER_F(BaseClass, Method);                    \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#define BENCHMARK_TEMPLATE2_F(BaseClass, Method, a, b)           \
  BENCHMARK_TEMPLATE2_PRIVATE_DECLARE_F(BaseClass, Method, a, b) \
  BENCHMARK_REGISTER_F(BaseClass, Method);                       \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#ifdef BENCHMARK_HAS_CXX11
#define BENCHMARK_TEMPLATE_F(BaseClass, Method, ...)                   \
  BENCHMARK_TEMPLATE_PRIVATE_DECLARE_F(BaseClass, Method, __VA_ARGS__) \
  BENCHMARK_REGISTER_F(BaseClass, Method);                             \
  void BENCHMARK_PRIVATE_CONCAT_NAME(BaseClass, Method)::BenchmarkCase
#else
#define BENCHMARK_TEMPLATE_F(BaseClass, Method, a) BENCHMARK_TEMPLATE1_F(BaseClass, Method, a)
#endif

// Exits 1 when a benchmark failed in its worker process (Google Benchmark's own main, where
// a crash takes the whole process, has no such case).
#define BENCHMARK_MAIN()                                                \
  int main(int argc, char** argv) {                                     \
    char arg0_default[] = "benchmark";                                  \
    char* args_default = arg0_default;                                  \
    if (!argv) {                                                        \
      argc = 1;                                                         \
      argv = &args_default;                                             \
    }                                                                   \
    ::benchmark::Initialize(&argc, argv);                               \
    if (::benchmark::ReportUnrecognizedArguments(argc, argv)) return 1; \
    ::benchmark::RunSpecifiedBenchmarks();                              \
    ::benchmark::Shutdown();                                            \
    return ::benchmark::internal::ExitStatus();                         \
  }                                                                     \
  int main(int, char**)

namespace benchmark {

/// The machine the benchmarks ran on, as the reports' context gives it.
struct CPUInfo {
  struct CacheInfo {
    std::string type;  ///< "Data", "Instruction" or "Unified"
    int level;
    int size;          ///< bytes
    int num_sharing;   ///< CPUs sharing one such cache
  };
  enum Scaling { UNKNOWN, ENABLED, DISABLED };

  int num_cpus;
  Scaling scaling;
  double cycles_per_second;
  std::vector<CacheInfo> caches;
  std::vector<double> load_avg;

  static const CPUInfo& Get();

 private:
  CPUInfo();
  BENCHMARK_DISALLOW_COPY_AND_ASSIGN(CPUInfo);
};

struct SystemInfo {
  std::string name;  ///< the host name
  static const SystemInfo& Get();

 private:
  SystemInfo();
  BENCHMARK_DISALLOW_COPY_AND_ASSIGN(SystemInfo);
};

/// A run's name in parts; str() joins the non-empty ones with '/'.
struct BenchmarkName {
  std::string function_name;
  std::string args;
  std::string min_time;
  std::string min_warmup_time;
  std::string iterations;
  std::string repetitions;
  std::string time_type;
  std::string threads;

  std::string str() const;
};

/// Receives the context and the runs of each benchmark, as Google Benchmark reports them.
/// Under tare a "run" is built from worker processes (forks): with repetitions, one run per
/// fork (its typical sample: the fork's iterations per sample and its mean time per
/// iteration) and the aggregates over them; without, one run per benchmark holding the
/// estimate over all its forks (the mean of the forks' means), with the interval over forks
/// in the tare_ fields. docs/gbench.md gives every field.
class BenchmarkReporter {
 public:
  struct Context {
    CPUInfo const& cpu_info;
    SystemInfo const& sys_info;
    size_t name_field_width;  ///< the longest benchmark name
    static const char* executable_name;
    Context();
  };

  struct Run {
    static const int64_t no_repetition_index = -1;
    enum RunType { RT_Iteration, RT_Aggregate };

    Run()
        : family_index(0),
          per_family_instance_index(0),
          run_type(RT_Iteration),
          aggregate_unit(kTime),
          error_occurred(false),
          iterations(1),
          threads(1),
          repetition_index(0),
          repetitions(1),
          time_unit(GetDefaultTimeUnit()),
          real_accumulated_time(0),
          cpu_accumulated_time(0),
          max_heapbytes_used(0),
          complexity(oNone),
          complexity_lambda(),
          complexity_n(0),
          statistics(0),
          report_big_o(false),
          report_rms(false),
          memory_result(NULL),
          allocs_per_iter(0.0),
          tare_forks(0),
          tare_ci_level(0),
          tare_ci_low(0),
          tare_ci_high(0) {}

    std::string benchmark_name() const;
    BenchmarkName run_name;
    int64_t family_index;
    int64_t per_family_instance_index;
    RunType run_type;
    std::string aggregate_name;
    StatisticUnit aggregate_unit;
    std::string report_label;
    bool error_occurred;
    std::string error_message;

    IterationCount iterations;
    int64_t threads;
    int64_t repetition_index;
    int64_t repetitions;
    TimeUnit time_unit;
    double real_accumulated_time;  ///< seconds, over the run's iterations
    double cpu_accumulated_time;

    /// Time per iteration in time_unit.
    double GetAdjustedRealTime() const;
    double GetAdjustedCPUTime() const;

    double max_heapbytes_used;
    BigO complexity;
    BigOFunc* complexity_lambda;
    int64_t complexity_n;
    const std::vector<internal::Statistics>* statistics;
    bool report_big_o;
    bool report_rms;
    UserCounters counters;
    const MemoryManager::Result* memory_result;
    double allocs_per_iter;

    // tare's additions: how many worker processes an estimate rests on, and its interval
    // over them (level 0: none, fewer than 2 forks); the steady state class across forks.
    int64_t tare_forks;
    double tare_ci_level, tare_ci_low, tare_ci_high;  ///< per iteration, in time_unit
    std::string tare_steady_state;
  };

  struct PerFamilyRunReports {
    PerFamilyRunReports() : num_runs_total(0), num_runs_done(0) {}
    int num_runs_total;
    int num_runs_done;
    std::vector<BenchmarkReporter::Run> Runs;
  };

  BenchmarkReporter();

  /// False stops the run before any benchmark (Google Benchmark's meaning).
  virtual bool ReportContext(const Context& context) = 0;
  /// A benchmark's runs: its repetitions and aggregates, or its complexity rows.
  virtual void ReportRuns(const std::vector<Run>& report) = 0;
  virtual void Finalize() {}

  void SetOutputStream(std::ostream* out) {
    assert(out);
    output_stream_ = out;
  }
  void SetErrorStream(std::ostream* err) {
    assert(err);
    error_stream_ = err;
  }
  std::ostream& GetOutputStream() const { return *output_stream_; }
  std::ostream& GetErrorStream() const { return *error_stream_; }

  virtual ~BenchmarkReporter();

  /// The date, executable, CPUs, caches, load, custom context and warnings, on `out`.
  static void PrintBasicContext(std::ostream* out, Context const& context);

 private:
  std::ostream* output_stream_;
  std::ostream* error_stream_;
};

/// Google Benchmark's console table.
class ConsoleReporter : public BenchmarkReporter {
 public:
  enum OutputOptions {
    OO_None = 0,
    OO_Color = 1,
    OO_Tabular = 2,
    OO_ColorTabular = OO_Color | OO_Tabular,
    OO_Defaults = OO_ColorTabular
  };
  explicit ConsoleReporter(OutputOptions opts_ = OO_Defaults)
      : output_options_(opts_), name_field_width_(0), printed_header_(false) {}

  virtual bool ReportContext(const Context& context) BENCHMARK_OVERRIDE;
  virtual void ReportRuns(const std::vector<Run>& reports) BENCHMARK_OVERRIDE;

 protected:
  virtual void PrintRunData(const Run& report);
  virtual void PrintHeader(const Run& report);

  OutputOptions output_options_;
  size_t name_field_width_;
  UserCounters prev_counters_;
  bool printed_header_;
};

/// Google Benchmark's JSON (tare's interval, where there is one, in tare_ keys that come
/// before "name" in a benchmark's object).
class JSONReporter : public BenchmarkReporter {
 public:
  JSONReporter() : first_report_(true) {}
  virtual bool ReportContext(const Context& context) BENCHMARK_OVERRIDE;
  virtual void ReportRuns(const std::vector<Run>& reports) BENCHMARK_OVERRIDE;
  virtual void Finalize() BENCHMARK_OVERRIDE;

 private:
  void PrintRunData(const Run& report);
  bool first_report_;
};

/// Google Benchmark's CSV.
class BENCHMARK_DEPRECATED_MSG("The CSV Reporter will be removed in a future release") CSVReporter
    : public BenchmarkReporter {
 public:
  CSVReporter() : printed_header_(false) {}
  virtual bool ReportContext(const Context& context) BENCHMARK_OVERRIDE;
  virtual void ReportRuns(const std::vector<Run>& reports) BENCHMARK_OVERRIDE;

 private:
  void PrintRunData(const Run& report);
  bool printed_header_;
  std::set<std::string> user_counter_names_;
};

inline const char* GetTimeUnitString(TimeUnit unit) {
  switch (unit) {
    case kSecond: return "s";
    case kMillisecond: return "ms";
    case kMicrosecond: return "us";
    case kNanosecond: return "ns";
  }
  BENCHMARK_UNREACHABLE();
}

inline double GetTimeUnitMultiplier(TimeUnit unit) {
  switch (unit) {
    case kSecond: return 1;
    case kMillisecond: return 1e3;
    case kMicrosecond: return 1e6;
    case kNanosecond: return 1e9;
  }
  BENCHMARK_UNREACHABLE();
}

/// Google Benchmark's range helpers: lo, then the powers of `multi` between, then hi.
std::vector<int64_t> CreateRange(int64_t lo, int64_t hi, int multi);
std::vector<int64_t> CreateDenseRange(int64_t start, int64_t limit, int step);

}  // namespace benchmark

#endif  // BENCHMARK_BENCHMARK_H_
