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
  std::string marker;    ///< "[1]" when the benchmark has warnings, else empty
};

struct Notes {
  std::map<std::string, RowNote> rows;  ///< by benchmark name
  std::size_t interval_width = 0;       ///< of the column (its header included), in characters
  std::size_t marker_width = 0;         ///< of the markers with their space; 0 without warnings
  std::string legend;                   ///< what the column means, for under the table
  std::vector<std::string> lines;       ///< the footnotes, the machine's warnings, the short run
};

/// The column's header.
inline const char* interval_header() { return "tare 95% CI"; }

Notes make_notes(const results::Run& run, const Flags& flags, const runner::RunOptions& options);

/// The lines under the table (with the legend when the column was shown).
void write_notes(const Notes& notes, bool with_legend, std::ostream& out);

/// `text` padded on the left to `width` characters (UTF-8: a character is not a byte).
std::string pad_left(const std::string& text, std::size_t width);

}  // namespace tare::gbench
