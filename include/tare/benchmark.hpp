// Declaring benchmarks.
//
//   TARE_BENCHMARKS {
//     tare::group<Lookup>("lookup")             // Lookup is built once per fork (trial setup)
//         .param("size", {16, 1024, 65536})     // from tare::Params; its destructor is the
//         .bench("linear", [](Lookup& s) { return linear(s.values, s.key); })  // teardown
//         .bench("binary", [](Lookup& s) { return binary(s.values, s.key); });
//   }
//
// Settings (param, threads, shared, mode, ops_per_invocation, items_per_op, bytes_per_op,
// hooks, counters, acknowledge) apply to the benchmarks added after them, in reading order.
//
// Each .bench() instantiates its own timed loop with the operation inlined into it, kept
// out of line (like JMH's generated stub): no indirect call per invocation, and neither
// the harness around the loop nor the work inside can be folded away. A value the
// operation returns is consumed automatically.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tare/consume.hpp"
#include "tare/detail/group_base.hpp"
#include "tare/mode.hpp"
#include "tare/params.hpp"
#include "tare/warning.hpp"

namespace tare {

/// Index of the calling benchmark thread (0 .. threads-1); 0 outside benchmarks.
int thread_index() noexcept;
/// Number of threads running the current benchmark.
int thread_count() noexcept;

/// A state type for benchmarks that need none.
struct NoState {};

/// Ends the benchmark without failing it, from its operation or its state's constructor
/// (e.g. the machine lacks what it measures): it is reported as skipped, with the reason,
/// and does not make the run fail.
[[noreturn]] void skip(std::string reason);

/// A group of related benchmarks sharing a state type, parameters and settings.
template <class State = NoState>
class Group : private detail::GroupBase {
 public:
  explicit Group(std::string name) : GroupBase(std::move(name), detail::state_type<State>()) {}

  /// Declares a parameter; benchmarks added after run for every combination of values.
  Group& param(std::string name, std::initializer_list<ParamValue> values) {
    add_param(std::move(name), values);
    return *this;
  }
  /// The same, with values from any container (e.g. a generated std::vector of sizes).
  template <class Container, class = std::enable_if_t<detail::is_param_list_v<Container>>>
  Group& param(std::string name, const Container& values) {
    std::vector<std::string> texts;
    for (const auto& v : values) texts.push_back(ParamValue(v).text());
    add_param(std::move(name), std::move(texts));
    return *this;
  }
  /// Runs the benchmarks with each of these thread counts (`/threads=N` in names).
  Group& threads(std::initializer_list<int> counts) {
    set_threads(counts);
    return *this;
  }
  Group& threads(int count) { return threads({count}); }
  /// One State shared by all threads (contention is measured). Default: one per thread.
  Group& shared(bool yes = true) {
    set_shared(yes);
    return *this;
  }
  Group& mode(Mode m) {
    set_mode(m);
    return *this;
  }
  /// The operation performs `n` logical operations per call; scores are per operation.
  Group& ops_per_invocation(std::uint64_t n) {
    set_ops_per_invocation(n);
    return *this;
  }
  /// Each operation processes `n` items (elements sorted, records parsed): the results
  /// also give items per second (Google Benchmark's items_per_second), from the score.
  Group& items_per_op(std::uint64_t n) {
    set_per_op(PerOpSlot::items, n, {});
    return *this;
  }
  /// The same, `times` times the value of the parameter `param` (a size), at each point.
  Group& items_per_op(std::string param, std::uint64_t times = 1) {
    set_per_op(PerOpSlot::items, times, std::move(param));
    return *this;
  }
  /// Each operation processes `n` bytes: the results also give bytes per second (Google
  /// Benchmark's bytes_per_second).
  Group& bytes_per_op(std::uint64_t n) {
    set_per_op(PerOpSlot::bytes, n, {});
    return *this;
  }
  /// The same, `times` times the value of the parameter `param` (e.g. "size", sizeof(int)).
  Group& bytes_per_op(std::string param, std::uint64_t times = 1) {
    set_per_op(PerOpSlot::bytes, times, std::move(param));
    return *this;
  }

  // Hooks are untimed. Each takes the group's state (State& or const State&) or nothing, and
  // any value it returns is ignored. The state is the one the operation gets: per thread, or
  // shared with .shared().
  /// Untimed hook before each sample (JMH Level.Iteration): every call of the sample after
  /// the first sees what the calls before it left. An operation that uses up its input (a
  /// sort, a pop) needs before_each instead.
  template <class F>
  Group& before_sample(F f) { return hook(HookSlot::before_sample, std::move(f)); }
  template <class F>
  Group& after_sample(F f) { return hook(HookSlot::after_sample, std::move(f)); }
  /// Untimed hook before each invocation (JMH Level.Invocation). Each invocation is then
  /// timed on its own; the clock's cost per call is measured and reported.
  template <class F>
  Group& before_each(F f) { return hook(HookSlot::before_each, std::move(f)); }
  template <class F>
  Group& after_each(F f) { return hook(HookSlot::after_each, std::move(f)); }

  /// A user counter read from a state field (a number, or a std::atomic of one for state
  /// shared by threads); reported per operation (like JMH AuxCounters).
  template <class T>
  Group& counter(std::string name, T State::*field) {
    static_assert(detail::is_counter_field_v<T>, "a counter field must be a number or a std::atomic of a number");
    add_counter(std::move(name), &detail::read_counter<State, T>, detail::erase(field));
    return *this;
  }

  /// The group's benchmark `name` is the baseline: the others are also reported relative to
  /// it, as a ratio with a confidence interval, at the same parameters and thread count.
  Group& baseline(const std::string& name) {
    set_baseline(name);
    return *this;
  }

  /// The benchmarks added after this expect `warning` (say why in a comment): it stays in
  /// the results, marked acknowledged, and the console shows it only with --verbose.
  Group& acknowledge(Warning warning) {
    add_acknowledged(warning);
    return *this;
  }

  /// Adds a benchmark named "group.name" whose operation is `op(State&)`, `op(const State&)`
  /// or `op()`. `const State&` says the operation does not change the state: a hook's
  /// reset then serves every call (no stale-input warning).
  template <class Op>
  Group& bench(const std::string& name, Op op) {
#if defined(__OPTIMIZE__)
    constexpr bool optimized = true;
#else
    constexpr bool optimized = false;
#endif
#if defined(NDEBUG)
    constexpr bool assertions = false;
#else
    constexpr bool assertions = true;
#endif
    add_bench(name, detail::loops_of<Op, State>(), detail::erase(std::move(op)),
              {optimized, assertions, detail::takes_mutable_state<Op, State>()});
    return *this;
  }

 private:
  template <class F>
  Group& hook(HookSlot slot, F f) {
    set_hook(slot, &detail::call_hook<State, F>, detail::erase(std::move(f)));
    return *this;
  }
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
