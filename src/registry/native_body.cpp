#include "registry/native_body.hpp"

#include <utility>

namespace tare::registry {
namespace {

// The user's State behind the worker's StateBase.
class NativeState final : public detail::StateBase {
 public:
  NativeState(void* value, void (*destroy)(void*)) : value_(value), destroy_(destroy) {}
  ~NativeState() override { destroy_(value_); }
  NativeState(const NativeState&) = delete;
  NativeState& operator=(const NativeState&) = delete;
  void* value() const { return value_; }

 private:
  void* value_;
  void (*destroy_)(void*);
};

void* value_of(detail::StateBase& state) { return static_cast<NativeState&>(state).value(); }

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
  if (times_each_invocation()) return loops_.each(op_.get(), value_of(state), n, hooks_->each);
  return loops_.plain(op_.get(), value_of(state), n);
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
