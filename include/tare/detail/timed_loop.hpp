// The timed loops, compiled into the benchmark author's translation unit with the operation
// inlined into them (like JMH's generated stub): no indirect call per invocation, and
// neither the harness around the loop nor the work inside can be folded away. The library
// reaches each loop through one function pointer per sample, outside the timed region.
//
// Not part of the API: benchmark.hpp includes it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "tare/consume.hpp"
#include "tare/detail/ticks.hpp"

namespace tare::detail {

/// An untimed hook of the library's choosing around each invocation: `call(target, state)`.
struct StateHook {
  void (*call)(void* target, void* state) = nullptr;
  void* target = nullptr;
};

/// The per-invocation hooks (JMH Level.Invocation), either of them may be empty.
struct EachHooks {
  StateHook before, after;
};

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

/// The timed loop: one instantiation per benchmark, never inlined into the library. `op`
/// points to an Op and `state` to a State (the library keeps both untyped).
template <class Op, class State>
__attribute__((noinline)) std::uint64_t timed_loop(const void* op, void* state, std::uint64_t n) {
  const Op& operation = *static_cast<const Op*>(op);
  State& typed_state = *static_cast<State*>(state);
  const std::uint64_t start = ticks_start();
  for (std::uint64_t i = n; i != 0; --i) {
    invoke_consumed(operation, typed_state);
    // The counter passes through an empty asm: the compiler can neither delete the loop
    // (an empty operation still costs its iteration, which is the harness floor) nor
    // merge, reorder or vectorise invocations across iterations.
    asm volatile("" : "+r"(i));
  }
  return ticks_stop() - start;
}

/// The timed loop when each invocation has untimed hooks around it: every invocation is
/// timed on its own, which adds a clock read pair per call (reported).
template <class Op, class State>
__attribute__((noinline)) std::uint64_t timed_loop_each(const void* op, void* state, std::uint64_t n,
                                                         const EachHooks& hooks) {
  const Op& operation = *static_cast<const Op*>(op);
  State& typed_state = *static_cast<State*>(state);
  std::uint64_t total = 0;
  for (std::uint64_t i = n; i != 0; --i) {
    if (hooks.before.call) hooks.before.call(hooks.before.target, state);
    const std::uint64_t start = ticks_start();
    invoke_consumed(operation, typed_state);
    total += ticks_stop() - start;
    if (hooks.after.call) hooks.after.call(hooks.after.target, state);
  }
  return total;
}

/// One benchmark's two loops, as the library calls them.
struct Loops {
  std::uint64_t (*plain)(const void* op, void* state, std::uint64_t n);
  std::uint64_t (*each)(const void* op, void* state, std::uint64_t n, const EachHooks& hooks);
};

template <class Op, class State>
Loops loops_of() {
  return Loops{&timed_loop<Op, State>, &timed_loop_each<Op, State>};
}

}  // namespace tare::detail
