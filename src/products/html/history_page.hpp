// The history page (`tare report --history`): each benchmark of a results history over its
// runs, one section per benchmark and machine: a chart of every run's score with its
// interval, split where the timed code changed, the change points found in it marked, and
// a table of the numbers beside it. One self-contained document, as the report page is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"
#include "store/history_queries.hpp"

namespace tare::html {

/// A change point found in a benchmark's series (by whatever detects them: the page only
/// draws it): where its speed changed, and by how much.
struct ChangeMark {
  std::string benchmark;        ///< the benchmark's name, as the history keeps it
  std::string machine;          ///< its machine, as the history names it (store::StoredScore::machine)
  std::int64_t first_run = 0;   ///< the history's id of the first run after the change (store::StoredScore::run_id)
  double percent = 0;           ///< the change's size: the score after over the score before, less 1, in percent
  std::optional<results::Interval> interval;  ///< the size's interval, in percent (its level: 0.95 for 95%)
};

/// What the page draws: the history's series (store::score_series of store::stored_scores)
/// and the change points to mark on them.
struct HistoryView {
  std::string location;  ///< the history, as the page names it
  std::vector<store::ScoreSeries> series;
  std::vector<ChangeMark> marks;
};

/// The page. A mark is drawn on every series of its benchmark and machine that holds its
/// first run; a mark that none holds is listed at the top as not drawn.
std::string history_page(const HistoryView& view);

}  // namespace tare::html
