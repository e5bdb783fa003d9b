#include "report/summary_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/enum_names.hpp"
#include "report/score_interval.hpp"
#include "report/units.hpp"
#include "report/warning_text.hpp"

namespace tare::report::detail {
namespace {

struct ScoreCells {
  Cell score, score_unit, ci, ci_unit, percent;
};

std::string percent_text(double percent) {
  // Two significant digits are all a relative half-width deserves.
  const int decimals = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  return fixed(percent, decimals) + "%";
}

// True when fewer than two successful forks reached a steady state although some ran: the
// score then mixes speeds, and a CI next to it would look more certain than it is.
bool rests_on_unsteady_forks(const results::Benchmark& b) {
  int steady = 0, unsteady = 0;
  for (const results::Fork& f : b.forks) {
    if (!f.ok) continue;
    (f.steady_class == results::SteadyClass::no_steady_state ? unsteady : steady) += 1;
  }
  return unsteady > 0 && steady < 2;
}

// A score that mixes speeds (two modes: a mean between them describes neither, and the
// Modes section shows both; forks without a steady state), or counts the neighbours' time,
// deserves no interval; it keeps its number, which compare and baselines use.
bool interval_withheld(const results::Benchmark& b) {
  return b.modes.size() == 2 || rests_on_unsteady_forks(b) || b.score_disturbed;
}

bool has_score(const results::Benchmark& b) { return b.skipped.empty() && b.ok && b.score && std::isfinite(*b.score); }

ScoreCells score_cells(const results::Benchmark& b) {
  if (!b.skipped.empty()) return {{"skipped", Style::plain}, {}, {}, {}, {}};
  if (!b.ok) return {{"FAILED", Style::red}, {}, {}, {}, {}};
  if (!has_score(b)) return {{"n/a"}, {}, {}, {}, {}};
  const double score = *b.score;
  const Scale scale = pick_scale(score, b.unit);
  const double shown = score * scale.factor;
  int decimals = decimals_for(shown, 3);
  ScoreCells cells;
  if (interval_withheld(b)) {
    cells.score = {fixed(shown, decimals).insert(0, 1, '~'), Style::yellow};  // not "~" + ...: GCC 12 warns falsely (-Wrestrict)
    cells.score_unit = {scale.unit};
    cells.ci = {b.modes.size() == 2 ? "2 modes" : rests_on_unsteady_forks(b) ? "no steady state" : "disturbed", Style::yellow};
    return cells;
  }
  // The headline interval: across runs when the machine's speed between runs is known
  // (where a run at another moment should score, which is what a reader takes the interval
  // to mean), named by the legend under the table.
  const auto headline = headline_interval(b);
  const std::optional<results::Interval> ci = headline ? std::optional(headline->interval) : std::nullopt;
  if (ci && std::isfinite(ci->low) && std::isfinite(ci->high)) {
    // Half-width rather than [low, high]: the question a reader asks is "give or take how
    // much", and the interval may be asymmetric only slightly.
    const double half = std::fabs(ci->high - ci->low) / 2;
    const double half_shown = half * scale.factor;
    const int ci_decimals = decimals_for(half_shown, 2);
    // A tight interval earns the score more digits (at most two more than 3 significant):
    // "12.340 ± 0.012" says more than "12.3 ± 0.012".
    decimals = std::max(decimals, std::min(ci_decimals, decimals + 2));
    cells.ci = {fixed(half_shown, std::max(decimals, ci_decimals))};
    cells.ci_unit = {scale.unit};
    if (score != 0) cells.percent = {percent_text(half / std::fabs(score) * 100)};
  }
  cells.score = {fixed(shown, decimals)};
  cells.score_unit = {scale.unit};
  return cells;
}

// A score that is not to be used keeps its number (a reader may want to see how far off
// it is) but is marked in the cell itself, so that it cannot pass for a result.
void mark_unusable(ScoreCells& cells) {
  cells.score.text.insert(0, "✗ ");
  cells.score.style = Style::red;
}

// The last column: what is wrong with an unusable score, in a few words, else how many
// warnings need reading with care; notes are not counted (they are listed once below).
std::optional<Cell> warning_marker(const results::Benchmark& b) {
  if (const results::Warning* w = first_unusable(b)) return Cell{fmt::format("✗ {}", short_label(w->code)), Style::red};
  const auto cautions = std::count_if(b.warnings.begin(), b.warnings.end(), [](const results::Warning& w) {
    return shown_by_default(w) && w.severity == results::Severity::caution && !about_the_machine(w.code);
  });
  if (cautions == 0) return std::nullopt;
  return Cell{fmt::format("⚠ {}", cautions), Style::yellow};
}

std::string forks_text(const results::Benchmark& b) {
  const auto good = std::count_if(b.forks.begin(), b.forks.end(), [](const results::Fork& f) { return f.ok; });
  const auto total = static_cast<std::ptrdiff_t>(b.forks.size());
  // "4/5" makes a lost fork visible where the estimate is read.
  return good == total ? fmt::format("{}", total) : fmt::format("{}/{}", good, total);
}

std::size_t measured_samples(const results::Benchmark& b) {
  std::size_t n = 0;
  for (const results::Fork& f : b.forks) {
    if (f.ok) n += f.samples.size();
  }
  return n;
}

// The good forks' means in run order, drawn; none under three forks (two points make no shape).
std::string fork_means_plot(const results::Benchmark& b, Glyphs glyphs) {
  std::vector<double> means;
  for (const results::Fork& f : b.forks)
    if (f.ok && !f.samples.empty() && std::isfinite(f.mean)) means.push_back(f.mean);
  return means.size() >= 3 ? sparkline(means, glyphs) : "";
}

}  // namespace

std::optional<std::string> interval_legend(const results::Run& run) {
  const auto scopes = run_scopes(run, [](const results::Benchmark& b) { return has_score(b) && !interval_withheld(b); });
  if (scopes.empty()) return std::nullopt;
  std::string legend = "± CI: the 95% interval " + scopes_explained(scopes, any_own_history(run));
  if (scopes.front() == IntervalScope::across_runs) legend += " (this run's own interval: \"ci\" in the JSON)";
  return legend;
}

bool score_shown_approximate(const results::Benchmark& b) { return has_score(b) && interval_withheld(b); }

Table summary_table(const results::Run& run, std::optional<Glyphs> plot) {
  const bool any_warnings = std::any_of(run.benchmarks.begin(), run.benchmarks.end(),
                                        [](const results::Benchmark& b) { return warning_marker(b).has_value(); });
  std::vector<Column> columns{
      {"Benchmark", Align::left, 0},  {"Mode", Align::left, 2}, {"Score", Align::right, 2},
      {"", Align::left, 1},           {"± CI", Align::right, 2}, {"", Align::left, 1},
      {"± %", Align::right, 2},       {"Forks", Align::right, 2}, {"Samples", Align::right, 2},
  };
  if (plot) columns.push_back({"Fork means", Align::left, 2});
  // The steady-state classes and outlier labels are in the JSON, not here: they are terms
  // of art, and what in them needs action is among the warnings, in words.
  if (any_warnings) columns.push_back({"", Align::left, 2});

  Table table(std::move(columns));
  for (const results::Benchmark& b : run.benchmarks) {
    ScoreCells s = score_cells(b);
    if (b.ok && first_unusable(b)) mark_unusable(s);
    std::vector<Cell> row{{b.name, Style::bold}, {mode_name(b.mode)},        std::move(s.score),
                          std::move(s.score_unit), std::move(s.ci), std::move(s.ci_unit),
                          std::move(s.percent),  {forks_text(b)}, {fmt::format("{}", measured_samples(b))}};
    if (plot) row.push_back({fork_means_plot(b, *plot)});
    if (const auto marker = warning_marker(b); any_warnings && marker) row.push_back(*marker);
    table.add_row(std::move(row));
  }
  return table;
}

}  // namespace tare::report::detail
