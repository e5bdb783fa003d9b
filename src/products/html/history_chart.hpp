// One benchmark's runs on one machine as a chart: the runs in order along x (each labelled
// with its commit where there is room), each run's score a dot and its interval a bar; a
// line joins the runs of the same timed code, and a change of code starts a new line, as it
// starts a new series of earlier scores for the run's interval across runs
// (store::ResultsHistory::past_scores). Change points are vertical marks with their size.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "html/history_page.hpp"
#include "report/units.hpp"
#include "store/history_queries.hpp"

namespace tare::html {

/// Runs [first, last) of a series, one after another, whose timed code is the same (its
/// digest; "" where the run did not record it, which is not known to be any code).
struct CodeSegment {
  std::size_t first = 0, last = 0;
  std::string code;
};
std::vector<CodeSegment> code_segments(const std::vector<store::StoredScore>& runs);

/// The interval a run's score is drawn with: across runs where the run knew the machine's
/// speed between runs, else over its forks. `across` says which.
struct DrawnInterval {
  results::Interval interval;
  bool across = false;
};
std::optional<DrawnInterval> drawn_interval(const store::BenchmarkRow& benchmark);

/// The scale a series is shown in (µs/op, Mops/s): chosen by its latest score.
report::detail::Scale series_scale(const store::ScoreSeries& series);

/// A mark placed on a series: at the run of index `run` (its first run after the change).
struct PlacedMark {
  const ChangeMark* mark = nullptr;
  std::size_t run = 0;
};

/// The chart (data-chart="history").
std::string history_chart(const store::ScoreSeries& series, const std::vector<PlacedMark>& marks);

/// Short texts the chart and table share: a number in the series' scale (4 significant
/// digits: "12.34", "1.5e+06"), a commit as the axis shows it (7 characters, "–"
/// when unknown), a run's time in UTC ("2026-12-04 15:33:30"), a change's size ("+12.3%").
std::string history_number(double value);
std::string commit_label(const std::string& commit);
std::string run_time_text(const store::StoredScore& run);
std::string mark_text(const ChangeMark& mark);

}  // namespace tare::html
