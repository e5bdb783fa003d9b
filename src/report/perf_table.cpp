#include "report/perf_table.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

namespace tare::report::detail {
namespace {

// "3.02e+03 ± 12.1", "4 ± 0.000206": 3 significant digits, counts per operation being of
// any size; "0" when no fork saw any; "not counted" when the event never ran.
std::string per_op_text(const results::ProfileMetric& m) {
  if (m.forks == 0 || !std::isfinite(m.mean)) return "not counted";
  const double half = m.ci ? (m.ci->high - m.ci->low) / 2 : 0;
  if (m.mean == 0 && half == 0) return "0";
  std::string text = fmt::format("{:.3g}", m.mean);
  if (m.ci) text += fmt::format(" ± {:.3g}", half);
  return text;
}

std::string time_counted_text(const results::ProfileMetric& m) {
  if (!m.time_counted) return "-";
  return fmt::format("{:.3g}%", 100 * *m.time_counted);
}

}  // namespace

std::optional<Table> perf_table(const results::Run& run) {
  Table table({{"Profile: perf", Align::left, 0},
               {"Event", Align::left, 2},
               {"Per op", Align::right, 2},
               {"Time counted", Align::right, 2}});
  bool any = false;
  for (const results::Benchmark& b : run.benchmarks)
    for (const auto& m : b.profile) {
      if (m.profiler != results::Profiler::perf) continue;
      Style style = m.forks == 0 ? Style::yellow : Style::plain;
      table.add_row({{b.name}, {m.name}, {per_op_text(m), style}, {time_counted_text(m), style}});
      any = true;
    }
  if (!any) return std::nullopt;
  return table;
}

std::string perf_table_title(const results::Run& run) {
  std::string counted = "user space and kernel";
  if (run.context.perf && run.context.perf->user_only) {
    counted = "user space only";
    if (const auto paranoid = run.context.perf->paranoid)
      counted.append(": perf_event_paranoid ").append(std::to_string(*paranoid));
  }
  std::string title = "Counters (--prof perf, ";
  title.append(counted).append(
      ") per operation, mean over forks ± 95% CI half-width; time counted = time running / time enabled:");
  return title;
}

}  // namespace tare::report::detail
