#include "report/perf_table.hpp"

#include <fmt/format.h>

#include <vector>

#include "report/profile_table.hpp"

namespace tare::report::detail {
namespace {

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
      table.add_row({{b.name}, {m.name}, {profile_value_text(m), style}, {time_counted_text(m), style}});
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
      ") per operation, in forks apart from the score; mean over those forks ± 95% CI half-width; time counted = "
      "time running / time enabled:");
  return title;
}

}  // namespace tare::report::detail
