#include "report/profile_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "report/units.hpp"

namespace tare::report::detail {
namespace {

// The figures in the order of the table's columns, with their headers.
struct Figure {
  const char* metric;
  const char* header;
};
constexpr Figure kRusageFigures[] = {{"minor_faults", "Minor faults/op"},
                                     {"major_faults", "Major faults/op"},
                                     {"voluntary_switches", "Vol. switches/op"},
                                     {"involuntary_switches", "Invol. switches/op"},
                                     {"max_rss", "Peak RSS"}};

constexpr Figure kAllocFigures[] = {{"allocations", "Allocs/op"},
                                    {"frees", "Frees/op"},
                                    {"bytes_allocated", "Bytes/op"},
                                    {"peak_live_bytes", "Peak live"}};

const results::ProfileMetric* find_metric(const results::Benchmark& b, results::Profiler profiler, const char* name) {
  const auto it = std::find_if(b.profile.begin(), b.profile.end(), [&](const results::ProfileMetric& m) {
    return m.profiler == profiler && m.name == name;
  });
  return it == b.profile.end() ? nullptr : &*it;
}

std::string bytes_text(double bytes) {
  if (bytes >= 1024.0 * 1024 * 1024) return significant3(bytes / (1024.0 * 1024 * 1024)) + " GiB";
  if (bytes >= 1024 * 1024) return significant3(bytes / (1024 * 1024)) + " MiB";
  if (bytes >= 1024) return significant3(bytes / 1024) + " KiB";
  return significant3(bytes) + " B";
}

std::string peak_text(double kib) {
  if (kib >= 1024 * 1024) return significant3(kib / (1024 * 1024)) + " GiB";
  if (kib >= 1024) return significant3(kib / 1024) + " MiB";
  return significant3(kib) + " KiB";
}

// One row per benchmark with the profiler's first figure, one column per figure.
template <std::size_t N>
std::optional<Table> profiler_table(const results::Run& run, results::Profiler profiler, const char* title,
                                    const Figure (&figures)[N]) {
  std::vector<Column> columns{{title, Align::left, 0}};
  for (const auto& figure : figures) columns.push_back({figure.header, Align::right, 2});
  Table table(std::move(columns));
  bool any = false;
  for (const results::Benchmark& b : run.benchmarks) {
    if (!find_metric(b, profiler, figures[0].metric)) continue;
    std::vector<Cell> cells{{b.name}};
    for (const auto& figure : figures) {
      const auto* metric = find_metric(b, profiler, figure.metric);
      cells.push_back({metric ? profile_value_text(*metric) : std::string("-")});
    }
    table.add_row(std::move(cells));
    any = true;
  }
  if (!any) return std::nullopt;
  return table;
}

// Counts per operation are exact: as many digits as a count of a few million needs.
std::string counted_text(double per_op) { return fmt::format("{:.7g}", per_op); }

}  // namespace

std::string profile_value_text(const results::ProfileMetric& m) {
  if (m.forks == 0 || !std::isfinite(m.mean)) return "not counted";
  if (m.unit == "KiB") return peak_text(m.mean);
  if (m.unit == "B") return bytes_text(m.mean);
  // A count that repeats in every fork is that whole number: "1000", not "1e+03 ± 0".
  if (m.exact) return fmt::format("{:.0f}", m.mean);
  const double half = m.ci ? (m.ci->high - m.ci->low) / 2 : 0;
  if (m.mean == 0 && half == 0) return "0";
  std::string text = fmt::format("{:.3g}", m.mean);
  if (m.ci) text += fmt::format(" ± {:.3g}", half);
  return text;
}

std::optional<Table> rusage_table(const results::Run& run) {
  return profiler_table(run, results::Profiler::rusage, "Profile: rusage", kRusageFigures);
}

std::optional<Table> alloc_table(const results::Run& run) {
  return profiler_table(run, results::Profiler::alloc, "Profile: alloc", kAllocFigures);
}

namespace {

bool has_rep_strings(const results::Benchmark& b) {
  const auto* rep_strings = find_metric(b, results::Profiler::instructions, "rep_string_instructions");
  return rep_strings && rep_strings->mean != 0;
}

bool any_rep_strings(const results::Run& run) {
  return std::any_of(run.benchmarks.begin(), run.benchmarks.end(), has_rep_strings);
}

}  // namespace

std::optional<Table> instructions_table(const results::Run& run) {
  std::vector<Column> columns{{"Profile: instructions", Align::left, 0},
                              {"Instructions/op", Align::right, 2},
                              {"Empty loop/op", Align::right, 2},
                              {"Body/op", Align::right, 2}};
  const bool rep_strings = any_rep_strings(run);
  if (rep_strings) columns.push_back({"Rep strings/op", Align::right, 2});
  Table table(std::move(columns));
  bool any = false;
  for (const results::Benchmark& b : run.benchmarks) {
    const auto* total = find_metric(b, results::Profiler::instructions, "instructions");
    const auto* empty = find_metric(b, results::Profiler::instructions, "empty_loop_instructions");
    if (!total || !empty) continue;
    std::vector<Cell> cells{{b.name}, {counted_text(total->mean)}, {counted_text(empty->mean)},
                            {counted_text(total->mean - empty->mean)}};
    if (rep_strings) {
      const auto* rep = find_metric(b, results::Profiler::instructions, "rep_string_instructions");
      cells.push_back({rep ? counted_text(rep->mean) : std::string("-")});
    }
    table.add_row(std::move(cells));
    any = true;
  }
  if (!any) return std::nullopt;
  return table;
}

std::optional<std::string> rep_strings_note(const results::Run& run) {
  if (!any_rep_strings(run)) return std::nullopt;
  return "Rep strings/op: of Instructions/op, the counts at rep-prefixed string instructions (rep stos, rep movs, "
         "…): callgrind counts such an instruction once per iteration, and once more where it ends (a rep stosb of "
         "1000 bytes counts 1001)";
}

}  // namespace tare::report::detail
