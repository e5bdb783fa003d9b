#include "compare/slow_start_rows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "analysis/slow_start.hpp"
#include "report/console.hpp"

namespace tare::compare {
namespace {

// A run's watch for one benchmark: its first fork's, the start counted only when the second
// fork confirmed it (as the run itself reports it).
std::optional<results::SlowStart> watch_of(const results::Benchmark& b) {
  if (b.forks.empty() || !b.forks.front().slow_start) return std::nullopt;
  results::SlowStart watch = *b.forks.front().slow_start;
  if (!watch.confirmed.value_or(false)) watch.warmup_ms = 0;
  return watch;
}

std::optional<results::SlowStart> combined(const std::optional<results::SlowStart>& a,
                                           const std::optional<results::SlowStart>& b) {
  if (!a || !b) return a ? a : b;
  results::SlowStart both = a->warmup_ms >= b->warmup_ms ? *a : *b;
  both.horizon_ms = std::min(a->horizon_ms, b->horizon_ms);
  return both;
}

std::string names(const std::vector<std::string>& rows, std::size_t all) {
  if (rows.size() == all && all > 1) return "every benchmark";
  std::string text = rows.front();
  for (std::size_t i = 1; i < rows.size(); ++i) text += ", " + rows[i];
  return text;
}

std::string duration(double ms) { return report::format_duration_ns(ms * 1e6); }

}  // namespace

void read_slow_starts(CompareReport& report, const results::Run& base, const results::Run& candidate) {
  for (auto& row : report.rows) {
    const results::Benchmark* b = find_benchmark(base, row.name);
    const results::Benchmark* c = find_benchmark(candidate, row.name);
    if (b && c) row.slow_start = combined(watch_of(*b), watch_of(*c));
  }
}

std::vector<std::string> single_shots(const results::Run& run) {
  std::vector<std::string> names;
  for (const auto& b : run.benchmarks)
    if (b.mode == Mode::ss) names.push_back(b.name);
  return names;
}

void note_slow_starts(CompareReport& report, const std::vector<std::string>& single_shots) {
  std::vector<std::string> unwatched, short_watch;
  double shortest_ms = 0;
  for (const auto& row : report.rows) {
    if (!row.problem.empty()) continue;
    if (std::find(single_shots.begin(), single_shots.end(), row.name) != single_shots.end()) continue;
    if (!row.slow_start) {
      unwatched.push_back(row.name);
      continue;
    }
    const results::SlowStart& s = *row.slow_start;
    if (s.warmup_ms > 0)
      report.notes.push_back(fmt::format("{}: a slow start, {:.1f}x slower for the first {} of each process; it was "
                                         "waited out before measuring",
                                         row.name, s.slower, duration(s.warmup_ms)));
    else if (s.horizon_ms * 1e6 < analysis::kSlowStartLookNs) {
      shortest_ms = short_watch.empty() ? s.horizon_ms : std::min(shortest_ms, s.horizon_ms);
      short_watch.push_back(row.name);
    }
  }
  const std::size_t compared = static_cast<std::size_t>(std::count_if(
      report.rows.begin(), report.rows.end(), [&](const CompareRow& r) {
        return r.problem.empty() && std::find(single_shots.begin(), single_shots.end(), r.name) == single_shots.end();
      }));
  if (!short_watch.empty())
    report.notes.push_back(fmt::format(
        "{}: a slow start longer than {} was not looked for (a process was watched that long; tare's own runs watch "
        "for 1 s, as --warmup-max-ms 1s does)",
        names(short_watch, compared), duration(shortest_ms)));
  if (!unwatched.empty())
    report.notes.push_back(fmt::format(
        "{}: no slow start was looked for (a file that records no watch, such as Google Benchmark's): a process "
        "slower at first would be measured as slower; tare's own runs watch for one",
        names(unwatched, compared)));
}

}  // namespace tare::compare
