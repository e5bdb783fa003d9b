#include "compare/summary_level.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "stats/descriptive.hpp"

namespace tare::compare {

stats::MeanSummary summary_side(const stats::MeanSummary* stated, const std::vector<std::vector<double>>& forks) {
  if (stated) return *stated;
  std::vector<double> means;
  for (const auto& f : forks)
    if (!f.empty()) means.push_back(stats::mean(f));
  return stats::summarize(means, 0.95);
}

std::string summary_problem(const stats::MeanSummary& base, const stats::MeanSummary& candidate) {
  if (!stats::usable(base) || !stats::usable(candidate))
    return "a side's score or interval is not a positive finite time: no ratio on the log scale";
  return "";
}

std::string summary_method(std::size_t summary_rows, std::size_t compared_rows, std::size_t resamples) {
  const char* combined =
      "combining the two files' own intervals over worker processes (log scale, Student-t with Welch–Satterthwaite "
      "degrees of freedom, never narrower than either file's own)";
  if (summary_rows >= compared_rows) return fmt::format("ratios NEW/BASE with 95% intervals {}", combined);
  return fmt::format(
      "ratios NEW/BASE with 95% intervals, each the wider of a hierarchical bootstrap (forks, then samples; {} "
      "resamples) and a Student-t interval of the difference of the sides' mean log fork means (Welch–Satterthwaite, "
      "and never narrower than either side's own) or, for benchmarks a file states only as a score with its "
      "interval (tare::gbench), {}",
      resamples, combined);
}

std::string summary_note(const std::vector<stats::MeanSummary>& stated, std::size_t summary_rows,
                         std::size_t compared_rows, bool one_sided) {
  std::size_t fewest = 0, most = 0;
  bool one_level = true;
  for (const auto& s : stated) {
    fewest = fewest == 0 ? s.n : std::min(fewest, s.n);
    most = std::max(most, s.n);
    one_level = one_level && s.level == stated.front().level;
  }
  const std::string level = !stated.empty() && one_level ? fmt::format("{:g}% ", 100 * stated.front().level) : "";
  const std::string processes = fewest == most ? fmt::format("{}", most) : fmt::format("{} to {}", fewest, most);
  std::string note =
      summary_rows >= compared_rows
          ? fmt::format("tare::gbench results: each interval combines the two files' own {}intervals over {} worker "
                        "processes a side",
                        level, processes)
          : fmt::format("tare::gbench results: the intervals of {} of the {} compared benchmarks combine the two files' "
                        "own {}intervals over {} worker processes a side",
                        summary_rows, compared_rows, level, processes);
  if (one_sided)
    note += "; where only one file states a benchmark so, the other side's interval is the Student-t interval of its "
            "fork means (Google Benchmark: of its repetitions)";
  if (summary_rows > 0) note += "; the geometric mean combines the rows' intervals alike";
  return note;
}

}  // namespace tare::compare
