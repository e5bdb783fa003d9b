#include "instances.hpp"

#include <cinttypes>
#include <cstdio>

#include "access.hpp"
#include "families.hpp"

namespace tare::gbench {
namespace {

using benchmark::internal::Access;
using benchmark::internal::Benchmark;

std::string format(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

// The name's components, in Google Benchmark's order.
void name_instance(const Benchmark& b, Instance& instance) {
  benchmark::BenchmarkName& parts = instance.name_parts;
  parts.function_name = Access::name(b);
  std::string args;
  const auto& names = Access::arg_names(b);
  for (std::size_t i = 0; i < instance.args.size(); ++i) {
    if (!args.empty()) args += '/';
    if (i < names.size() && !names[i].empty()) args += names[i] + ":";
    args += std::to_string(instance.args[i]);
  }
  parts.args = args;
  if (Access::min_time(b) != 0) parts.min_time = format("min_time:%0.3f", Access::min_time(b));
  if (Access::min_warmup_time(b) != 0) parts.min_warmup_time = format("min_warmup_time:%0.3f", Access::min_warmup_time(b));
  if (Access::iterations(b) != 0) parts.iterations = "iterations:" + std::to_string(Access::iterations(b));
  if (Access::repetitions(b) != 0) parts.repetitions = "repeats:" + std::to_string(Access::repetitions(b));
  std::string time_type;
  if (Access::process_cpu_time(b)) time_type = "process_time";
  if (Access::manual_time(b)) time_type += std::string(time_type.empty() ? "" : "/") + "manual_time";
  else if (Access::real_time(b)) time_type += std::string(time_type.empty() ? "" : "/") + "real_time";
  parts.time_type = time_type;
  if (!Access::thread_counts(b).empty()) parts.threads = "threads:" + std::to_string(instance.threads);
  instance.name = parts.str();
}

}  // namespace

Filter::Filter(const std::string& spec) {
  std::string pattern = spec;
  if (!pattern.empty() && pattern[0] == '-') {
    negated_ = true;
    pattern.erase(0, 1);
  }
  if (!pattern.empty() && pattern != "all") pattern_.emplace(pattern, std::regex::extended);
}

bool Filter::selects(const std::string& name) const {
  const bool matched = !pattern_ || std::regex_search(name, *pattern_);
  return matched != negated_;
}

std::vector<Instance> expand(const Filter& filter) {
  std::vector<Instance> selected;
  int family_index = 0;
  for (const auto& family : families()) {
    std::vector<std::vector<std::int64_t>> tuples = Access::args(*family);
    if (tuples.empty()) tuples.emplace_back();
    std::vector<int> thread_counts = Access::thread_counts(*family);
    if (thread_counts.empty()) thread_counts.push_back(1);
    int per_family = 0;
    for (const auto& args : tuples) {
      for (int threads : thread_counts) {
        Instance instance;
        instance.family = family.get();
        instance.args = args;
        instance.threads = threads;
        name_instance(*family, instance);
        // Google Benchmark never runs a benchmark whose name starts with DISABLED_.
        if (instance.name.rfind("DISABLED_", 0) == 0 || !filter.selects(instance.name)) continue;
        instance.family_index = family_index;
        instance.per_family_instance_index = per_family++;
        selected.push_back(std::move(instance));
      }
    }
    if (per_family > 0) ++family_index;
  }
  return selected;
}

}  // namespace tare::gbench
