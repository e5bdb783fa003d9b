// A benchmark declared with include/tare (Group::bench) as the worker runs it: the typed
// pieces the user's translation unit compiled (building the State, the timed loops, hooks,
// counter readers), behind the Body interface.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "registry/benchmark_spec.hpp"
#include "tare/benchmark.hpp"

namespace tare::registry {

/// A group's hooks and counters as they stand when a benchmark is added. Shared by the
/// benchmarks added under the same settings; `owned` keeps the targets alive.
struct NativeHooks {
  struct Counter {
    double (*read)(const void* field, const void* state) = nullptr;
    const void* field = nullptr;
  };
  detail::StateHook before_sample, after_sample;
  detail::EachHooks each;
  std::vector<Counter> counters;
  std::vector<std::shared_ptr<void>> owned;
};

/// Takes ownership of what the user's translation unit made with `new`.
std::shared_ptr<void> adopt(detail::Erased erased);

class NativeBody final : public detail::Body {
 public:
  NativeBody(detail::StateType state, detail::Loops loops, std::shared_ptr<void> op,
             std::shared_ptr<const NativeHooks> hooks);

  std::unique_ptr<detail::StateBase> make_state(const Params& params) const override;
  std::uint64_t run(detail::StateBase& state, std::uint64_t n) const override;
  void before_sample(detail::StateBase& state) const override;
  void after_sample(detail::StateBase& state) const override;
  void read_counters(detail::StateBase& state, double* out) const override;
  bool times_each_invocation() const override;
  /// The per-invocation hooks (before_each, after_each) are the untimed parts of a run.
  void bracket_untimed(detail::StateBase& state, const detail::UntimedBracket& bracket) const override;

 private:
  detail::StateType state_;
  detail::Loops loops_;
  std::shared_ptr<void> op_;
  std::shared_ptr<const NativeHooks> hooks_;
};

/// A body for `op` on a State, outside any group (the harness floor's empty operation).
template <class State, class Op>
std::shared_ptr<const NativeBody> make_native_body(Op op, std::shared_ptr<const NativeHooks> hooks) {
  return std::make_shared<NativeBody>(detail::state_type<State>(), detail::loops_of<Op, State>(),
                                      std::make_shared<Op>(std::move(op)), std::move(hooks));
}
template <class State, class Op>
std::shared_ptr<const NativeBody> make_native_body(Op op) {
  return make_native_body<State>(std::move(op), std::make_shared<const NativeHooks>());
}

}  // namespace tare::registry
