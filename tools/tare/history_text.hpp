// What `tare history list` and `tare history show` print: the runs kept, and each
// benchmark's scores over its runs (a table per benchmark with a sparkline of its scores),
// as text for people and as JSON for scripts. Formatting only: the store reads them
// (store/history_queries.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <regex>
#include <string>
#include <vector>

#include "report/sparkline.hpp"
#include "store/history_check.hpp"
#include "store/history_queries.hpp"

namespace tare::tool {

// The grouping is the store's (tare report --history draws the same series).
using store::score_series;
using store::ScoreSeries;

/// The names `filter` finds.
std::vector<std::string> matching_names(const std::vector<std::string>& names, const std::regex& filter);

void write_run_list(const std::vector<store::StoredRun>& runs, std::ostream& out);
void write_run_list_json(const std::string& history, const std::vector<store::StoredRun>& runs, std::ostream& out);

/// The change points show marks beside the first run after each: by benchmark (name, mode,
/// unit), machine and run.
using ChangeMarks =
    std::map<std::tuple<std::string, std::string, std::string, std::string, std::int64_t>, analysis::ChangePoint>;
ChangeMarks change_marks(const std::vector<store::CheckedSeries>& checked);

void write_series(const std::vector<ScoreSeries>& series, const ChangeMarks& marks, report::Glyphs glyphs,
                  std::ostream& out);
void write_series_json(const std::string& history, const std::vector<ScoreSeries>& series, const ChangeMarks& marks,
                       std::ostream& out);

/// "2026-03-01 12:00:00" from the run's date, else from its time.
std::string run_when(const std::string& date, std::int64_t time);

/// The commit shortened to 12 characters, " (dirty)" after it when it had changes.
std::string short_commit(const std::string& commit, std::optional<bool> dirty = std::nullopt);

}  // namespace tare::tool
