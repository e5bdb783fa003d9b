#include "export/github_action.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "report/warning_words.hpp"

namespace tare::exports {

std::string four_significant(double value) {
  if (!std::isfinite(value)) return "nan";
  if (value == 0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  return fmt::format("{:.{}f}", value, std::max(0, 3 - magnitude));
}

namespace {

using ActionJson = nlohmann::ordered_json;

// The action shows `extra` in its chart's tooltip, line by line.
std::string extra_lines(const Exported& e) {
  const results::Benchmark& b = *e.benchmark;
  std::string extra = fmt::format("{:g}% CI, {}: [{}, {}] {}\nforks: {}", e.ci.level * 100, report::scope_words(e.scope),
                                  four_significant(e.ci.low), four_significant(e.ci.high), b.unit, e.forks.size());
  if (b.threads > 1) extra += fmt::format("\nthreads: {}", b.threads);
  for (const results::Warning& w : b.warnings)
    if (!w.acknowledged) extra += "\nwarning: " + report::warning_words(w, b.unit);
  return extra;
}

// The action prints `range` beside the value (in its alert comments too, where `extra` is
// not shown): the half-width with the interval's name. "± 0.2500 (95%, across runs)".
std::string range_text(const Exported& e) {
  return fmt::format("± {} ({:g}%, {})", four_significant((e.ci.high - e.ci.low) / 2), e.ci.level * 100,
                     report::scope_words(e.scope));
}

}  // namespace

void write_github_action(const results::Run& run, Better better, std::ostream& out) {
  ActionJson document = ActionJson::array();
  for (const Exported& e : exportable(run).benchmarks) {
    if (better_of(e.benchmark->mode) != better) continue;
    document.push_back(ActionJson{{"name", e.benchmark->name},
                                  {"unit", e.benchmark->unit},
                                  {"value", e.score},
                                  {"range", range_text(e)},
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
