// `tare compare` at the summary level: benchmarks that a results file states only as a
// score with its interval over worker processes (tare::gbench's Google Benchmark-format
// rows, compare.hpp's Summaries) have no forks to resample. Their ratio combines the two
// sides' intervals (stats::sides_ratio_interval: Welch's, never narrower than either side's
// own); a side from a file with forks is summarised by the Student-t interval of its fork
// means. What the report then says about its method.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "stats/summary_ratio.hpp"

namespace tare::compare {

/// One side at the summary level: the file's own summary when it states one (`stated`),
/// otherwise the mean of the forks' means with their Student-t 95% interval (`forks`: the
/// values of each fork the score rested on; fewer than 2: not usable).
stats::MeanSummary summary_side(const stats::MeanSummary* stated, const std::vector<std::vector<double>>& forks);

/// Why a row at the summary level, whose sides rest on 2 or more each, cannot be compared
/// ("" when both sides are usable; compare/replicates says why a side short of 2 cannot).
std::string summary_problem(const stats::MeanSummary& base, const stats::MeanSummary& candidate);

/// The method sentence when `summary_rows` of the `compared_rows` are at the summary level
/// (the others from their forks: compare/fork_ratio, its bootstrap of `resamples` replicates).
std::string summary_method(std::size_t summary_rows, std::size_t compared_rows, std::size_t resamples);

/// The note naming what the files stated: their intervals' level and worker processes
/// (`stated`: every summary a file stated of a compared row), and whether some rows had a
/// side from a file without summaries (`one_sided`).
std::string summary_note(const std::vector<stats::MeanSummary>& stated, std::size_t summary_rows,
                         std::size_t compared_rows, bool one_sided);

}  // namespace tare::compare
