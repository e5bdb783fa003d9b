// A results file as `tare compare`, `tare plan`, `tare export` and `tare report` read it: tare's own results, or (for
// compare) Google Benchmark's JSON, that of Google Benchmark itself or of a tare::gbench
// binary (compare/gbench_json.hpp). A file that cannot be read as results is bad input: a
// UsageError naming the file. `tare plan` needs every fork's timings, which no Google
// Benchmark-format file has: it is told what to pass instead.
#pragma once

#include <string>

#include "compare/compare.hpp"
#include "results/results.hpp"

namespace tare::compare {

/// The run, and the benchmarks it states only as a score with its interval over worker
/// processes (tare::gbench's Google Benchmark rows).
struct ResultsFile {
  results::Run run;
  Summaries summaries;
};

/// What the file is read for: planning, exporting and the HTML report take tare's own results only.
enum class ResultsUse { plan, compare, export_run, report };

/// Reads `path`. Throws input::UsageError for a file that cannot be opened or read as
/// results (the JSON library's internal tag left out of the message), for a stream
/// benchmark's results and, for planning and exporting, for a Google Benchmark-format file; std::runtime_error when it does not fit in memory.
ResultsFile read_results_file(const std::string& path, ResultsUse use);

}  // namespace tare::compare
