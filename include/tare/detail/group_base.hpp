// What Group<State> hands to the library: everything that does not depend on the state or
// operation types is compiled once in the library (GroupBase, out of line); the user's
// translation unit only makes the few small functions that must know those types (build
// and destroy a State, call a hook, read a counter, the timed loops) and passes them as
// plain function pointers, so each benchmark costs little to compile.
//
// Not part of the API: benchmark.hpp includes it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "tare/detail/timed_loop.hpp"
#include "tare/mode.hpp"
#include "tare/params.hpp"
#include "tare/warning.hpp"

namespace tare::detail {

/// An object made with `new` in the user's translation unit, handed to the library, which
/// keeps it as long as a benchmark needs it and then calls `destroy`.
struct Erased {
  void* target = nullptr;
  void (*destroy)(void* target) = nullptr;
};

template <class T>
void destroy_erased(void* target) {
  delete static_cast<T*>(target);
}

template <class T>
Erased erase(T value) {
  return Erased{new T(std::move(value)), &destroy_erased<T>};
}

/// How the library builds and destroys a benchmark's State (trial setup and teardown).
struct StateType {
  void* (*create)(const Params& params);
  void (*destroy)(void* state);
};

template <class State>
void* create_state(const Params& params) {
  if constexpr (std::is_constructible_v<State, const Params&>) {
    return new State(params);
  } else {
    static_assert(std::is_default_constructible_v<State>,
                  "a benchmark state needs a constructor taking (const tare::Params&) or none");
    return new State();
  }
}

template <class State>
StateType state_type() {
  return StateType{&create_state<State>, &destroy_erased<State>};
}

/// Calls a hook `F` (callable with a State&, or with nothing) on a state.
template <class State, class F>
void call_hook(void* hook, void* state) {
  F& f = *static_cast<F*>(hook);
  if constexpr (std::is_invocable_v<F&, State&>) {
    f(*static_cast<State*>(state));
  } else {
    static_assert(std::is_invocable_v<F&>, "a hook takes the group's state (State& or const State&) or nothing");
    f();
  }
}

// Whether `&Op::operator()` names one function: a lambda with declared parameter types, or
// a class with one call operator that is no template.
template <class Op, class = void>
struct has_one_call_operator : std::false_type {};
template <class Op>
struct has_one_call_operator<Op, std::void_t<decltype(&Op::operator())>> : std::true_type {};

/// Whether the operation takes the state by non-const reference, so that it may change what
/// a hook prepared: only where that is certain (a function pointer, or one call operator
/// that is no template). A generic lambda counts as not: asking whether it takes a
/// `const State&` would compile its body with one, which fails for those that change it.
template <class Op, class State>
constexpr bool takes_mutable_state() {
  constexpr bool function_pointer = std::is_pointer_v<Op> && std::is_function_v<std::remove_pointer_t<Op>>;
  if constexpr (function_pointer || has_one_call_operator<Op>::value) {
    return std::is_invocable_v<const Op&, State&> && !std::is_invocable_v<const Op&, const State&>;
  } else {
    return false;
  }
}

/// How the user's translation unit compiled a benchmark, and what its operation's type says.
struct BenchTraits {
  bool optimized = true;       ///< compiled with optimisation
  bool assertions = false;     ///< compiled without NDEBUG
  bool mutates_state = false;  ///< takes_mutable_state
};

// A counter field is a number, or something with a load() that gives one (a std::atomic of
// a number, for state shared by threads; recognised by its load() so that this header
// need not include <atomic>).
template <class T, class = void>
struct loads_number : std::false_type {};
template <class T>
struct loads_number<T, std::void_t<decltype(std::declval<const T&>().load())>>
    : std::is_arithmetic<decltype(std::declval<const T&>().load())> {};
template <class T>
inline constexpr bool is_counter_field_v = std::is_arithmetic_v<T> || loads_number<T>::value;

/// Reads the counter field `field` (a `T State::*`) of a state, as a double.
template <class State, class T>
double read_counter(const void* field, const void* state) {
  const T& value = static_cast<const State*>(state)->*(*static_cast<T State::* const*>(field));
  if constexpr (std::is_arithmetic_v<T>) {
    return static_cast<double>(value);
  } else {
    return static_cast<double>(value.load());  // read between samples: the ordering costs nothing that is timed
  }
}

// Whether Group::param can walk `values` with a range-for: an array, or a type with begin()
// (not a string, which is one value).
template <class T, class = void>
struct has_begin : std::false_type {};
template <class T>
struct has_begin<T, std::void_t<decltype(std::declval<const T&>().begin())>> : std::true_type {};
template <class T>
inline constexpr bool is_param_list_v =
    !std::is_convertible_v<const T&, std::string_view> && (std::is_array_v<T> || has_begin<T>::value);

/// The settings and hooks of a group, and its registration of benchmarks, compiled in the
/// library. Group<State> adds the typed front.
class GroupBase {
 public:
  GroupBase(const GroupBase& other);
  GroupBase& operator=(const GroupBase& other);
  ~GroupBase();

 protected:
  enum class HookSlot { before_sample, after_sample, before_each, after_each };
  enum class PerOpSlot { items, bytes };

  GroupBase(std::string name, StateType state);
  void add_param(std::string name, std::initializer_list<ParamValue> values);
  void add_param(std::string name, std::vector<std::string> values);
  void set_threads(std::initializer_list<int> counts);
  void set_shared(bool yes);
  void set_mode(Mode mode);
  void set_ops_per_invocation(std::uint64_t n);
  /// `count` per operation, times the value of the parameter `param` when it is not empty.
  void set_per_op(PerOpSlot slot, std::uint64_t count, std::string param);
  void set_hook(HookSlot slot, void (*call)(void* hook, void* state), Erased hook);
  void add_counter(std::string name, double (*read)(const void* field, const void* state), Erased field);
  void set_baseline(const std::string& name);
  void add_acknowledged(Warning warning);
  void add_bench(const std::string& name, Loops loops, Erased op, BenchTraits traits);

 private:
  struct Settings;
  Settings* settings_;
};

}  // namespace tare::detail
