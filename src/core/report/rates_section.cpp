#include "report/rates_section.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "report/console.hpp"
#include "report/score_interval.hpp"
#include "report/units.hpp"

namespace tare::report {
namespace {

// The rate and its interval on the rate's own scale: "12.3 Mitems/s [11.9, 12.8]".
std::string rate_text(const results::Rate& rate, const std::string& unit) {
  const detail::Scale scale = detail::pick_scale(rate.value, unit);
  std::string text = format_score(rate.value, unit);
  if (rate.ci)
    text += fmt::format(" [{}, {}]", detail::significant3(rate.ci->low * scale.factor),
                        detail::significant3(rate.ci->high * scale.factor));
  return text;
}

}  // namespace

std::vector<std::string> rate_lines(const results::Run& run) {
  std::vector<std::string> lines;
  for (const results::Benchmark& b : run.benchmarks) {
    std::vector<std::string> parts;
    if (b.items_per_second) parts.push_back(rate_text(*b.items_per_second, "items/s"));
    if (b.bytes_per_second) parts.push_back(rate_text(*b.bytes_per_second, "B/s"));
    if (!parts.empty()) lines.push_back(fmt::format("{}: {}", b.name, fmt::join(parts, ", ")));
  }
  return lines;
}

void write_rates(const results::Run& run, std::ostream& out) {
  const std::vector<std::string> lines = rate_lines(run);
  if (lines.empty()) return;
  // The rates' intervals are the scores' headline intervals turned: named alike.
  std::vector<std::string> scopes;
  for (const IntervalScope scope : run_scopes(run)) scopes.emplace_back(scope_words(scope));
  out << fmt::format("\nItems and bytes per second (from the score, 95% CI{}):\n",
                     scopes.empty() ? "" : ", " + fmt::format("{}", fmt::join(scopes, " or ")));
  for (const std::string& line : lines) out << "  " << line << '\n';
}

}  // namespace tare::report
