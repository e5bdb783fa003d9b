#include "registry/native_body.hpp"

#include <memory>
#include <utility>

namespace tare::registry {
namespace {

// A per-invocation hook inside an untimed bracket: what it does is set aside from the
// operation's account (--prof alloc).
struct BracketedHook {
  detail::StateHook hook;
  detail::UntimedBracket bracket;
};

void call_bracketed(void* target, void* state) {
  const auto& bracketed = *static_cast<const BracketedHook*>(target);
  bracketed.bracket.aside();
  bracketed.hook.call(bracketed.hook.target, state);
  bracketed.bracket.back();
}

// The group's per-invocation hooks, each bracketed; `each` points into this object, which
// therefore stays where it was made.
struct BracketedEachHooks {
  BracketedHook before, after;
  detail::EachHooks each;

  BracketedEachHooks(const detail::EachHooks& hooks, const detail::UntimedBracket& bracket)
      : before{hooks.before, bracket}, after{hooks.after, bracket} {
    if (hooks.before.call) each.before = {&call_bracketed, &before};
    if (hooks.after.call) each.after = {&call_bracketed, &after};
  }
  BracketedEachHooks(const BracketedEachHooks&) = delete;
  BracketedEachHooks& operator=(const BracketedEachHooks&) = delete;
};

// The user's State behind the worker's StateBase, and its hooks when they are bracketed.
class NativeState final : public detail::StateBase {
 public:
  NativeState(void* value, void (*destroy)(void*)) : value_(value), destroy_(destroy) {}
  ~NativeState() override { destroy_(value_); }
  NativeState(const NativeState&) = delete;
  NativeState& operator=(const NativeState&) = delete;
  void* value() const { return value_; }
  std::unique_ptr<BracketedEachHooks> bracketed;

 private:
  void* value_;
  void (*destroy_)(void*);
};

NativeState& native(detail::StateBase& state) { return static_cast<NativeState&>(state); }
void* value_of(detail::StateBase& state) { return native(state).value(); }

void call_if_set(const detail::StateHook& hook, detail::StateBase& state) {
  if (hook.call) hook.call(hook.target, value_of(state));
}

}  // namespace

std::shared_ptr<void> adopt(detail::Erased erased) { return std::shared_ptr<void>(erased.target, erased.destroy); }

NativeBody::NativeBody(detail::StateType state, detail::Loops loops, std::shared_ptr<void> op,
                       std::shared_ptr<const NativeHooks> hooks)
    : state_(state), loops_(loops), op_(std::move(op)), hooks_(std::move(hooks)) {}

std::unique_ptr<detail::StateBase> NativeBody::make_state(const Params& params) const {
  return std::make_unique<NativeState>(state_.create(params), state_.destroy);
}

std::uint64_t NativeBody::run(detail::StateBase& state, std::uint64_t n) const {
  if (!times_each_invocation()) return loops_.plain(op_.get(), value_of(state), n);
  const auto& bracketed = native(state).bracketed;
  return loops_.each(op_.get(), value_of(state), n, bracketed ? bracketed->each : hooks_->each);
}

void NativeBody::bracket_untimed(detail::StateBase& state, const detail::UntimedBracket& bracket) const {
  if (!times_each_invocation() || !bracket.aside || !bracket.back) return;
  native(state).bracketed = std::make_unique<BracketedEachHooks>(hooks_->each, bracket);
}

void NativeBody::before_sample(detail::StateBase& state) const { call_if_set(hooks_->before_sample, state); }

void NativeBody::after_sample(detail::StateBase& state) const { call_if_set(hooks_->after_sample, state); }

void NativeBody::read_counters(detail::StateBase& state, double* out) const {
  for (const auto& counter : hooks_->counters) *out++ = counter.read(counter.field, value_of(state));
}

bool NativeBody::times_each_invocation() const {
  return hooks_->each.before.call != nullptr || hooks_->each.after.call != nullptr;
}

}  // namespace tare::registry
