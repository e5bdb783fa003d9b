// What tare adds to Google Benchmark's console: for each benchmark a cell of one more column
// (the 95% interval of Time over its worker processes, relative, and how many processes) and
// a footnote marker when it carries warnings; under the table the warnings, once each, with
// the machine's and what a short run (--benchmark_min_time below 0.5 s) left out.
#pragma once

#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "flags.hpp"
#include "results/results.hpp"
#include "runner/options.hpp"

namespace tare::gbench {

struct RowNote {
  std::string interval;  ///< "±0.84% n=5", or "n=1" without an interval
  bool has_interval = false;
  std::string marker;    ///< "[1]" when the benchmark has warnings, else empty
};

struct Notes {
  std::map<std::string, RowNote> rows;  ///< by benchmark name
  std::size_t interval_width = 0;       ///< of the column (its header included), in characters
  std::size_t marker_width = 0;         ///< of the markers with their space; 0 without warnings
  std::vector<std::string> lines;       ///< the footnotes, the machine's warnings, the short run
  std::string interval_scope;           ///< ", of this run only, ...": which interval the column holds
};

/// What tare's display printed in its table, for a legend that says only what is there.
struct PrintedRows {
  bool estimates = false;         ///< a benchmark's row, holding the estimate over its processes
  bool repetitions = false;       ///< rows of one process each (a repetition)
  bool means = false;             ///< _mean rows of repetitions, holding the estimate
  bool without_interval = false;  ///< an interval cell with n alone
};

/// The column's header.
inline const char* interval_header() { return "tare 95% CI"; }

Notes make_notes(const results::Run& run, const Flags& flags, const runner::RunOptions& options);

/// The lines under the table; `printed` (null when the table was not tare's) first puts the
/// legend of what it printed.
void write_notes(const Notes& notes, const PrintedRows* printed, std::ostream& out);

/// `text` padded on the left to `width` characters (UTF-8: a character is not a byte).
std::string pad_left(const std::string& text, std::size_t width);

}  // namespace tare::gbench
