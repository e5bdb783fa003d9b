// The console a tare::gbench binary prints by default: Google Benchmark's table with one
// more column after Iterations, tare's 95% interval of Time over the benchmark's worker
// processes, and a footnote marker on the rows whose benchmark has warnings (notes.hpp).
// The column is on the row that holds tare's estimate: the benchmark's own row, or with
// repetitions its _mean; the other rows leave it blank. Until the notes are set (or for a
// program's own ConsoleReporter) the table is Google Benchmark's alone.
#pragma once

#include <benchmark/benchmark.h>

#include "console_row.hpp"
#include "notes.hpp"

namespace tare::gbench {

class TareConsoleReporter : public benchmark::ConsoleReporter {
 public:
  explicit TareConsoleReporter(OutputOptions options) : ConsoleReporter(options) {}
  /// The notes of the measured run (kept by the caller until the report is done).
  void set_notes(const Notes* notes);
  /// What the table held since the notes were set (for the legend under it).
  const PrintedRows& printed() const { return printed_; }

 protected:
  void PrintHeader(const Run& run) override;
  void PrintRunData(const Run& run) override;

 private:
  ConsoleLayout layout() const;
  const RowNote* note_for(const Run& run) const;  ///< the row's note, on a row holding an estimate
  ExtraColumn column_for(const Run& run) const;
  void note_printed(const Run& run);

  const Notes* notes_ = nullptr;
  PrintedRows printed_;
};

}  // namespace tare::gbench
