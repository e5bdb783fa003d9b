// Declaring benchmarks.
//
//   TARE_BENCHMARKS {
//     tare::group<Lookup>("lookup")             // Lookup is built once per fork (trial setup)
//         .param("size", {16, 1024, 65536})     // from tare::Params; its destructor is the
//         .bench("linear", [](Lookup& s) { return linear(s.values, s.key); })  // teardown
//         .bench("binary", [](Lookup& s) { return binary(s.values, s.key); });
//   }
//
// Settings (param, threads, shared, mode, ops_per_invocation, hooks, counters) apply to
// the benchmarks added after them, in reading order.
//
// Each .bench() instantiates its own timed loop with the operation inlined into it, kept
// out of line (like JMH's generated stub): no indirect call per invocation, and neither
// the harness around the loop nor the work inside can be folded away. A value the
// operation returns is consumed automatically.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "tare/consume.hpp"
#include "tare/detail/ticks.hpp"
#include "tare/params.hpp"

namespace tare {

/// What a benchmark's score means.
enum class Mode {
  avgt,    ///< average time per operation (ns/op)
  thrpt,   ///< throughput (ops/s)
  sample,  ///< distribution of per-call times, with percentiles (ns/op)
  ss,      ///< single shot: one cold invocation per fresh process (ns)
};

/// Index of the calling benchmark thread (0 .. threads-1); 0 outside benchmarks.
int thread_index() noexcept;
/// Number of threads running the current benchmark.
int thread_count() noexcept;

/// A state type for benchmarks that need none.
struct NoState {};

namespace detail {
/// What tare::skip throws: not a failure, a decision of the benchmark's own.
class Skipped : public std::exception {
 public:
  explicit Skipped(std::string reason) : reason_(std::move(reason)) {}
  const char* what() const noexcept override { return reason_.c_str(); }

 private:
  std::string reason_;
};
}  // namespace detail

/// Ends the benchmark without failing it, from its operation or its state's constructor
/// (e.g. the machine lacks what it measures): it is reported as skipped, with the reason,
/// and does not make the run fail.
[[noreturn]] inline void skip(std::string reason) { throw detail::Skipped(std::move(reason)); }

namespace detail {

class StateBase {
 public:
  virtual ~StateBase() = default;
};

template <class State>
class StateBox final : public StateBase {
 public:
  template <class... Args>
  explicit StateBox(Args&&... args) : value(std::forward<Args>(args)...) {}
  State value;
};

/// What the worker process needs of one benchmark. Implemented per benchmark by a
/// template below, so the timed loop is compiled with the user's operation inlined.
class Body {
 public:
  virtual ~Body() = default;
  /// Trial setup: builds the state (once per fork, or once per thread).
  virtual std::unique_ptr<StateBase> make_state(const Params& params) const = 0;
  /// Runs `n` invocations in the benchmark's own timed loop; returns elapsed ticks.
  virtual std::uint64_t run(StateBase& state, std::uint64_t n) const = 0;
  virtual void before_sample(StateBase& state) const = 0;
  virtual void after_sample(StateBase& state) const = 0;
  /// Current values of the user counters, in declaration order.
  virtual void read_counters(StateBase& state, double* out) const = 0;
  /// True when each invocation is timed on its own (per-invocation setup/teardown).
  virtual bool times_each_invocation() const = 0;
  /// The operation times itself (Google Benchmark's loop, with paused or manual time): with
  /// several threads a sample's time is the mean of the threads' own totals, not the window
  /// from the first start to the last end.
  virtual bool times_itself() const { return false; }
  /// The measured samples start: what the benchmark reports about itself counts from here.
  virtual void begin_measurement(StateBase&) const {}
  /// What the benchmark reported about itself over the measured samples, one line of text
  /// for its own reporter (the Google Benchmark layer: user counters, label, complexity N),
  /// from the state of every thread; empty when there is nothing.
  virtual std::string annotations(const std::vector<StateBase*>&) const { return {}; }
};

/// Per-benchmark settings that override the runner's (0: the runner's own). Google
/// Benchmark's Iterations, MinTime, MinWarmUpTime and Repetitions map onto them.
struct RunSettings {
  std::uint64_t invocations = 0;  ///< a fixed batch size: no calibration (in single shot: the one call's)
  double measure_ms = 0;          ///< measured time per fork
  double warmup_min_ms = 0;       ///< warm up at least this long per fork (the bound grows to match)
  int forks = 0;                  ///< exactly this many forks
};

/// A registered benchmark family: one operation, all its parameter combinations.
struct BenchmarkSpec {
  std::string name;   ///< "group.bench", or "bench" outside a group
  std::string group;  ///< "group", or "" outside a group
  std::vector<std::pair<std::string, std::vector<std::string>>> params;
  std::vector<int> threads{1};
  Mode mode = Mode::avgt;
  bool shared_state = false;
  std::uint64_t ops_per_invocation = 1;
  std::vector<std::string> counters;
  bool optimized = true;   ///< compiled with optimisation (read in the user's TU)
  bool assertions = false; ///< compiled without NDEBUG
  std::string baseline;    ///< full name of the group's baseline benchmark ("lookup.linear"), or ""
  /// The name is the instance's whole name: nothing is appended for parameters or threads
  /// (Google Benchmark's names, which carry both in their own notation).
  bool name_is_complete = false;
  RunSettings settings;
  std::shared_ptr<const Body> body;
};

void register_benchmark(BenchmarkSpec spec);
/// Marks `baseline` (a full name) as the baseline of every benchmark of `group`, those
/// registered already included.
void set_group_baseline(const std::string& group, const std::string& baseline);

template <class Op, class State>
inline __attribute__((always_inline)) void invoke_consumed(const Op& op, State& state) {
  if constexpr (std::is_invocable_v<const Op&, State&>) {
    if constexpr (std::is_void_v<std::invoke_result_t<const Op&, State&>>) {
      op(state);
    } else {
      consume(op(state));
    }
  } else {
    static_assert(std::is_invocable_v<const Op&>,
                  "a benchmark operation takes the group's state (State&) or nothing");
    if constexpr (std::is_void_v<std::invoke_result_t<const Op&>>) {
      op();
    } else {
      consume(op());
    }
  }
}

/// The timed loop: one instantiation per benchmark, never inlined into the runner.
template <class Op, class State>
__attribute__((noinline)) std::uint64_t timed_loop(const Op& op, State& state, std::uint64_t n) {
  const std::uint64_t start = ticks_start();
  for (std::uint64_t i = n; i != 0; --i) {
    invoke_consumed(op, state);
    // The counter passes through an empty asm: the compiler can neither delete the loop
    // (an empty operation still costs its iteration, which is the harness floor) nor
    // merge, reorder or vectorise invocations across iterations.
    asm volatile("" : "+r"(i));
  }
  return ticks_stop() - start;
}

template <class T>
struct is_counter_field : std::is_arithmetic<T> {};
template <class T>
struct is_counter_field<std::atomic<T>> : std::is_arithmetic<T> {};
template <class T>
inline constexpr bool is_counter_field_v = is_counter_field<T>::value;

template <class T>
double counter_value(const T& value) {
  return static_cast<double>(value);
}
template <class T>
double counter_value(const std::atomic<T>& value) {
  return static_cast<double>(value.load(std::memory_order_relaxed));
}

template <class State>
struct Hooks {
  std::function<void(State&)> before_sample, after_sample, before_each, after_each;
  std::vector<std::function<double(const State&)>> counters;
};

/// The timed loop when each invocation has untimed setup/teardown around it: every
/// invocation is timed on its own, which adds a clock read pair per call (reported).
template <class Op, class State>
__attribute__((noinline)) std::uint64_t timed_loop_each(const Op& op, State& state, std::uint64_t n,
                                                         const Hooks<State>& hooks) {
  std::uint64_t total = 0;
  for (std::uint64_t i = n; i != 0; --i) {
    if (hooks.before_each) hooks.before_each(state);
    const std::uint64_t start = ticks_start();
    invoke_consumed(op, state);
    total += ticks_stop() - start;
    if (hooks.after_each) hooks.after_each(state);
  }
  return total;
}

template <class State, class Op>
class BodyImpl final : public Body {
 public:
  BodyImpl(Op op, std::shared_ptr<const Hooks<State>> hooks) : op_(std::move(op)), hooks_(std::move(hooks)) {}

  std::unique_ptr<StateBase> make_state(const Params& params) const override {
    if constexpr (std::is_constructible_v<State, const Params&>) {
      return std::make_unique<StateBox<State>>(params);
    } else {
      static_assert(std::is_default_constructible_v<State>,
                    "a benchmark state needs a constructor taking (const tare::Params&) or none");
      return std::make_unique<StateBox<State>>();
    }
  }
  std::uint64_t run(StateBase& base, std::uint64_t n) const override {
    State& state = static_cast<StateBox<State>&>(base).value;
    if (times_each_invocation()) return timed_loop_each(op_, state, n, *hooks_);
    return timed_loop(op_, state, n);
  }
  void before_sample(StateBase& base) const override {
    if (hooks_->before_sample) hooks_->before_sample(static_cast<StateBox<State>&>(base).value);
  }
  void after_sample(StateBase& base) const override {
    if (hooks_->after_sample) hooks_->after_sample(static_cast<StateBox<State>&>(base).value);
  }
  void read_counters(StateBase& base, double* out) const override {
    const State& state = static_cast<StateBox<State>&>(base).value;
    for (const auto& read : hooks_->counters) *out++ = read(state);
  }
  bool times_each_invocation() const override { return hooks_->before_each || hooks_->after_each; }

 private:
  Op op_;
  std::shared_ptr<const Hooks<State>> hooks_;
};

}  // namespace detail

/// A group of related benchmarks sharing a state type, parameters and settings.
template <class State = NoState>
class Group {
 public:
  explicit Group(std::string name) : prefix_(std::move(name)) {}

  /// Declares a parameter; benchmarks added after run for every combination of values.
  Group& param(std::string name, std::initializer_list<ParamValue> values) {
    std::vector<std::string> texts;
    for (const auto& v : values) texts.push_back(v.text());
    spec_.params.emplace_back(std::move(name), std::move(texts));
    return *this;
  }
  /// The same, with values from any container (e.g. a generated std::vector of sizes).
  template <class Container, class = std::enable_if_t<!std::is_convertible_v<const Container&, std::string_view>>,
            class = decltype(std::begin(std::declval<const Container&>()))>
  Group& param(std::string name, const Container& values) {
    std::vector<std::string> texts;
    for (const auto& v : values) texts.push_back(ParamValue(v).text());
    spec_.params.emplace_back(std::move(name), std::move(texts));
    return *this;
  }
  /// Runs the benchmarks with each of these thread counts (`/threads=N` in names).
  Group& threads(std::initializer_list<int> counts) {
    spec_.threads.assign(counts);
    return *this;
  }
  Group& threads(int count) { return threads({count}); }
  /// One State shared by all threads (contention is measured). Default: one per thread.
  Group& shared(bool yes = true) {
    spec_.shared_state = yes;
    return *this;
  }
  Group& mode(Mode m) {
    spec_.mode = m;
    return *this;
  }
  /// The operation performs `n` logical operations per call; scores are per operation.
  Group& ops_per_invocation(std::uint64_t n) {
    spec_.ops_per_invocation = n;
    return *this;
  }
  /// Untimed hook before each sample (JMH Level.Iteration).
  Group& before_sample(std::function<void(State&)> f) { return hook(&detail::Hooks<State>::before_sample, std::move(f)); }
  Group& after_sample(std::function<void(State&)> f) { return hook(&detail::Hooks<State>::after_sample, std::move(f)); }
  /// Untimed hook before each invocation (JMH Level.Invocation). Each invocation is then
  /// timed on its own; the clock's cost per call is measured and reported.
  Group& before_each(std::function<void(State&)> f) { return hook(&detail::Hooks<State>::before_each, std::move(f)); }
  Group& after_each(std::function<void(State&)> f) { return hook(&detail::Hooks<State>::after_each, std::move(f)); }

  /// A user counter read from a state field (a number, or a std::atomic of one for state
  /// shared by threads); reported per operation (like JMH AuxCounters).
  template <class T>
  Group& counter(std::string name, T State::*field) {
    static_assert(detail::is_counter_field_v<T>, "a counter field must be a number or a std::atomic of a number");
    auto hooks = std::make_shared<detail::Hooks<State>>(*hooks_);
    hooks->counters.push_back([field](const State& s) { return detail::counter_value(s.*field); });
    hooks_ = std::move(hooks);
    spec_.counters.push_back(std::move(name));
    return *this;
  }

  /// The group's benchmark `name` is the baseline: the others are also reported relative to
  /// it, as a ratio with a confidence interval, at the same parameters and thread count.
  Group& baseline(const std::string& name) {
    spec_.baseline = prefix_.empty() ? name : prefix_ + "." + name;
    detail::set_group_baseline(prefix_, spec_.baseline);
    return *this;
  }

  /// Adds a benchmark named "group.name" whose operation is `op(State&)` or `op()`.
  template <class Op>
  Group& bench(const std::string& name, Op op) {
    detail::BenchmarkSpec spec = spec_;
    spec.name = prefix_.empty() ? name : prefix_ + "." + name;
    spec.group = prefix_;
    spec.body = std::make_shared<detail::BodyImpl<State, Op>>(std::move(op), hooks_);
#if defined(__OPTIMIZE__)
    spec.optimized = true;
#else
    spec.optimized = false;
#endif
#if defined(NDEBUG)
    spec.assertions = false;
#else
    spec.assertions = true;
#endif
    detail::register_benchmark(std::move(spec));
    return *this;
  }

 private:
  Group& hook(std::function<void(State&)> detail::Hooks<State>::*slot, std::function<void(State&)> f) {
    auto hooks = std::make_shared<detail::Hooks<State>>(*hooks_);
    (*hooks).*slot = std::move(f);
    hooks_ = std::move(hooks);
    return *this;
  }

  std::string prefix_;
  detail::BenchmarkSpec spec_;
  std::shared_ptr<const detail::Hooks<State>> hooks_ = std::make_shared<detail::Hooks<State>>();
};

/// Starts a group of benchmarks named "name.<bench>".
template <class State = NoState>
Group<State> group(std::string name) {
  return Group<State>(std::move(name));
}

/// Registers a single benchmark without state or parameters.
template <class Op>
void bench(const std::string& name, Op op) {
  Group<NoState>("").bench(name, std::move(op));
}

}  // namespace tare

#define TARE_DETAIL_CAT2(a, b) a##b
#define TARE_DETAIL_CAT(a, b) TARE_DETAIL_CAT2(a, b)
#define TARE_DETAIL_BENCHMARKS(id)                                                        \
  static void TARE_DETAIL_CAT(tare_register_, id)();                                      \
  [[maybe_unused]] static const bool TARE_DETAIL_CAT(tare_registered_, id) =              \
      (TARE_DETAIL_CAT(tare_register_, id)(), true);                                      \
  static void TARE_DETAIL_CAT(tare_register_, id)()

/// A block of benchmark declarations, run at program start-up:
///   TARE_BENCHMARKS { tare::bench("noop", [] {}); }
#define TARE_BENCHMARKS TARE_DETAIL_BENCHMARKS(__COUNTER__)
