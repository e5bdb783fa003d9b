// Group<State>'s untyped part: the settings that apply to the benchmarks added after them,
// and the registration of each benchmark. No header of its own: include/tare/benchmark.hpp
// declares GroupBase.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "registry/benchmark_spec.hpp"
#include "registry/native_body.hpp"
#include "tare/benchmark.hpp"

namespace tare::detail {

struct GroupBase::Settings {
  std::string prefix;
  StateType state;
  BenchmarkSpec spec;  // what the next benchmark starts from
  // Copied on write: benchmarks added earlier keep the hooks they were added with.
  std::shared_ptr<const registry::NativeHooks> hooks = std::make_shared<registry::NativeHooks>();

  std::string full_name(const std::string& name) const { return prefix.empty() ? name : prefix + "." + name; }
  registry::NativeHooks& hooks_to_change() {
    auto copy = std::make_shared<registry::NativeHooks>(*hooks);
    registry::NativeHooks& mutable_hooks = *copy;
    hooks = std::move(copy);
    return mutable_hooks;
  }
};

GroupBase::GroupBase(std::string name, StateType state) : settings_(new Settings{std::move(name), state, {}}) {}

GroupBase::GroupBase(const GroupBase& other) : settings_(new Settings(*other.settings_)) {}

GroupBase& GroupBase::operator=(const GroupBase& other) {
  if (this != &other) *settings_ = *other.settings_;
  return *this;
}

GroupBase::~GroupBase() { delete settings_; }

void GroupBase::add_param(std::string name, std::initializer_list<ParamValue> values) {
  std::vector<std::string> texts;
  for (const auto& v : values) texts.push_back(v.text());
  add_param(std::move(name), std::move(texts));
}

void GroupBase::add_param(std::string name, std::vector<std::string> values) {
  settings_->spec.params.emplace_back(std::move(name), std::move(values));
}

void GroupBase::set_threads(std::initializer_list<int> counts) { settings_->spec.threads.assign(counts); }

void GroupBase::set_shared(bool yes) { settings_->spec.shared_state = yes; }

void GroupBase::set_mode(Mode mode) { settings_->spec.mode = mode; }

void GroupBase::set_ops_per_invocation(std::uint64_t n) { settings_->spec.ops_per_invocation = n; }

void GroupBase::set_per_op(PerOpSlot slot, std::uint64_t count, std::string param) {
  PerOp& target = slot == PerOpSlot::items ? settings_->spec.items_per_op : settings_->spec.bytes_per_op;
  target = PerOp{count, std::move(param)};
}

void GroupBase::set_hook(HookSlot slot, void (*call)(void* hook, void* state), Erased hook) {
  registry::NativeHooks& hooks = settings_->hooks_to_change();
  const StateHook entry{call, hook.target};
  hooks.owned.push_back(registry::adopt(hook));
  switch (slot) {
    case HookSlot::before_sample: hooks.before_sample = entry; break;
    case HookSlot::after_sample: hooks.after_sample = entry; break;
    case HookSlot::before_each: hooks.each.before = entry; break;
    case HookSlot::after_each: hooks.each.after = entry; break;
  }
}

void GroupBase::add_counter(std::string name, double (*read)(const void* field, const void* state), Erased field) {
  registry::NativeHooks& hooks = settings_->hooks_to_change();
  hooks.counters.push_back({read, field.target});
  hooks.owned.push_back(registry::adopt(field));
  settings_->spec.counters.push_back(std::move(name));
}

void GroupBase::set_baseline(const std::string& name) {
  settings_->spec.baseline = settings_->full_name(name);
  set_group_baseline(settings_->prefix, settings_->spec.baseline);
}

void GroupBase::add_acknowledged(Warning warning) { settings_->spec.acknowledged.push_back(warning); }

void GroupBase::add_bench(const std::string& name, Loops loops, Erased op, BenchTraits traits) {
  BenchmarkSpec spec = settings_->spec;
  spec.name = settings_->full_name(name);
  spec.group = settings_->prefix;
  spec.optimized = traits.optimized;
  spec.assertions = traits.assertions;
  const registry::NativeHooks& hooks = *settings_->hooks;
  spec.input = InputRenewal{traits.mutates_state, hooks.before_sample.call != nullptr || hooks.after_sample.call != nullptr,
                            hooks.each.before.call != nullptr || hooks.each.after.call != nullptr};
  spec.body = std::make_shared<registry::NativeBody>(settings_->state, loops, registry::adopt(op), settings_->hooks);
  register_benchmark(std::move(spec));
}

}  // namespace tare::detail
