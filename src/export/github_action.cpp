#include "export/github_action.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace tare::exports {
namespace {

using ActionJson = nlohmann::ordered_json;

// The action shows `extra` in its chart's tooltip, line by line.
std::string extra_lines(const Exported& e) {
  const results::Benchmark& b = *e.benchmark;
  std::string extra = fmt::format("{:g}% CI: [{:.4g}, {:.4g}] {}\nforks: {}", e.ci.level * 100, e.ci.low, e.ci.high, b.unit,
                                  e.forks.size());
  if (b.threads > 1) extra += fmt::format("\nthreads: {}", b.threads);
  for (const std::string& w : b.warnings) extra += "\nwarning: " + w;
  return extra;
}

}  // namespace

void write_github_action(const results::Run& run, Better better, std::ostream& out) {
  ActionJson document = ActionJson::array();
  for (const Exported& e : exportable(run).benchmarks) {
    if (better_of(e.benchmark->mode) != better) continue;
    document.push_back(ActionJson{{"name", e.benchmark->name},
                                  {"unit", e.benchmark->unit},
                                  {"value", e.score},
                                  {"range", fmt::format("± {:.4g}", (e.ci.high - e.ci.low) / 2)},
                                  {"extra", extra_lines(e)}});
  }
  out << document.dump(2, ' ', false, ActionJson::error_handler_t::replace) << '\n';
}

}  // namespace tare::exports

namespace tare::exports {

std::optional<Better> single_direction(const results::Run& run) {
  const auto benchmarks = exportable(run).benchmarks;
  if (benchmarks.empty()) return Better::smaller;
  const Better first = better_of(benchmarks.front().benchmark->mode);
  for (const Exported& e : benchmarks)
    if (better_of(e.benchmark->mode) != first) return std::nullopt;
  return first;
}

}  // namespace tare::exports
