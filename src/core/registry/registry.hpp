// The benchmarks registered by this executable, and their expansion into instances: one
// per point of the parameter matrix (cartesian product, declaration order) and thread count.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "registry/benchmark_spec.hpp"

namespace tare::registry {

using ParamList = std::vector<std::pair<std::string, std::vector<std::string>>>;

/// All benchmarks registered so far, in registration order.
const std::vector<detail::BenchmarkSpec>& all();

/// Forgets them all (a front end that registers anew for each run: the Google Benchmark
/// layer, whose users may register, run, clear and register again).
void clear();

/// One runnable benchmark: a family at one point of its parameter matrix.
struct Instance {
  const detail::BenchmarkSpec* spec = nullptr;
  std::string name;  ///< "lookup.binary/size=1024/threads=2"
  std::vector<std::pair<std::string, std::string>> params;
  int threads = 1;
  Mode mode = Mode::avgt;
};

/// Command-line overrides of what the sources declare.
struct Overrides {
  ParamList params;                  ///< replaces the declared values of these parameters
  std::optional<std::vector<int>> threads;
  std::optional<Mode> mode;
};

/// Thrown for overrides that match no declaration (a usage error).
struct UnknownParameter : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// How many registered specs before `spec` share its name (WorkerSpec::occurrence).
int occurrence(const detail::BenchmarkSpec& spec);

/// Expands every spec into instances. Throws UnknownParameter when an overridden
/// parameter is declared by none of the specs.
std::vector<Instance> expand(const std::vector<detail::BenchmarkSpec>& specs, const Overrides& overrides);

/// The family name followed by "/name=value" for each parameter and "/threads=N" when the
/// benchmark runs at more than one thread count or at a count other than 1.
std::string instance_name(const std::string& family, const std::vector<std::pair<std::string, std::string>>& params,
                          int threads, bool show_threads);

}  // namespace tare::registry
