// Google Benchmark's console table, line by line: the header (dashes, column names, dashes)
// and a run's row (name, times with their unit, iterations, counters, label; complexity rows
// with the big-O or the RMS; an error in place of the numbers), with Google Benchmark's
// widths and colours. The ConsoleReporter prints exactly these; tare's own display reporter
// adds one column after Iterations (tare_console.hpp), which is why it is a parameter.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <ostream>
#include <string>

namespace tare::gbench {

struct ConsoleLayout {
  std::size_t name_width = 10;
  bool colour = false;   ///< ANSI colours, as Google Benchmark writes them
  bool tabular = false;  ///< counters in columns (else name=value)
};

/// A column after Iterations: its header, and a row's cell (already padded to the width).
struct ExtraColumn {
  std::string header;
  std::string cell;
  std::string marker;  ///< printed in red after the cell (a warning's footnote)
};

/// The three header lines; `extra` (may be null) adds its column.
std::string console_header(const benchmark::BenchmarkReporter::Run& run, const ConsoleLayout& layout,
                           const ExtraColumn* extra);

/// One row; `extra` (may be null) adds its cell after Iterations.
void print_console_row(std::ostream& out, const benchmark::BenchmarkReporter::Run& run, const ConsoleLayout& layout,
                       const ExtraColumn* extra);

}  // namespace tare::gbench
