#include "registry/registry.hpp"

#include <algorithm>

namespace tare {
namespace {
std::vector<detail::BenchmarkSpec>& storage() {
  // A function-local static: registration runs during static initialisation of other
  // translation units, whose order relative to this one is unspecified.
  static std::vector<detail::BenchmarkSpec> specs;
  return specs;
}
}  // namespace

void detail::register_benchmark(BenchmarkSpec spec) { storage().push_back(std::move(spec)); }

void registry::clear() { storage().clear(); }

void detail::set_group_baseline(const std::string& group, const std::string& baseline) {
  for (auto& spec : storage())
    if (spec.group == group) spec.baseline = baseline;
}

namespace registry {

const std::vector<detail::BenchmarkSpec>& all() { return storage(); }

std::string instance_name(const std::string& family, const std::vector<std::pair<std::string, std::string>>& params,
                          int threads, bool show_threads) {
  std::string name = family;
  for (const auto& [key, value] : params) name += "/" + key + "=" + value;
  if (show_threads) name += "/threads=" + std::to_string(threads);
  return name;
}

namespace {
// Cartesian product in declaration order; the last parameter varies fastest, so instances
// of one family read like nested loops.
void expand_params(const ParamList& declared, std::size_t index, std::vector<std::pair<std::string, std::string>>& point,
                   std::vector<std::vector<std::pair<std::string, std::string>>>& out) {
  if (index == declared.size()) {
    out.push_back(point);
    return;
  }
  for (const auto& value : declared[index].second) {
    point.emplace_back(declared[index].first, value);
    expand_params(declared, index + 1, point, out);
    point.pop_back();
  }
}
}  // namespace

std::vector<Instance> expand(const std::vector<detail::BenchmarkSpec>& specs, const Overrides& overrides) {
  for (const auto& entry : overrides.params) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 cannot capture those
    const bool declared = std::any_of(specs.begin(), specs.end(), [&](const detail::BenchmarkSpec& s) {
      return std::any_of(s.params.begin(), s.params.end(), [&](const auto& p) { return p.first == name; });
    });
    if (!declared) throw UnknownParameter("--param " + name + ": no benchmark declares a parameter named '" + name + "'");
  }

  std::vector<Instance> instances;
  for (const auto& spec : specs) {
    ParamList declared = spec.params;
    for (auto& [name, values] : declared) {
      for (const auto& [override_name, override_values] : overrides.params)
        if (override_name == name) values = override_values;
    }
    std::vector<std::vector<std::pair<std::string, std::string>>> points;
    std::vector<std::pair<std::string, std::string>> point;
    expand_params(declared, 0, point, points);

    // A complete name already says its thread count: --threads cannot change it.
    const std::vector<int> thread_counts =
        spec.name_is_complete ? spec.threads : overrides.threads.value_or(spec.threads);
    const bool show_threads = !(thread_counts.size() == 1 && thread_counts[0] == 1);
    for (const auto& params : points) {
      for (int threads : thread_counts) {
        Instance instance;
        instance.spec = &spec;
        instance.params = params;
        instance.threads = threads;
        instance.mode = overrides.mode.value_or(spec.mode);
        instance.name = spec.name_is_complete ? spec.name : instance_name(spec.name, params, threads, show_threads);
        instances.push_back(std::move(instance));
      }
    }
  }
  return instances;
}

int occurrence(const detail::BenchmarkSpec& spec) {
  int before = 0;
  for (const auto& other : all()) {
    if (&other == &spec) return before;
    if (other.name == spec.name) ++before;
  }
  return 0;
}

}  // namespace registry
}  // namespace tare
