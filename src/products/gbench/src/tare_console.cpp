#include "tare_console.hpp"

namespace tare::gbench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

// The row that stands for tare's estimate: the benchmark's only row, or its _mean.
bool carries_estimate(const Run& run) {
  if (run.run_type == Run::RT_Aggregate) return run.aggregate_name == "mean";
  return run.repetitions <= 1;
}

}  // namespace

void TareConsoleReporter::set_notes(const Notes* notes) {
  notes_ = notes;
  if (notes) printed_ = {};
}

ConsoleLayout TareConsoleReporter::layout() const {
  return {name_field_width_, (output_options_ & OO_Color) != 0, (output_options_ & OO_Tabular) != 0};
}

const RowNote* TareConsoleReporter::note_for(const Run& run) const {
  const auto note = notes_->rows.find(run.run_name.str());
  return carries_estimate(run) && note != notes_->rows.end() ? &note->second : nullptr;
}

ExtraColumn TareConsoleReporter::column_for(const Run& run) const {
  ExtraColumn column;
  // The header spans the cells and their markers, right-aligned as Google Benchmark's are.
  column.header = pad_left(interval_header(), notes_->interval_width + notes_->marker_width);
  const RowNote* note = note_for(run);
  column.cell = pad_left(note ? note->interval : "", notes_->interval_width);
  const std::string marker = note && !note->marker.empty() ? " " + note->marker : "";
  column.marker = marker + std::string(notes_->marker_width - marker.size(), ' ');
  return column;
}

void TareConsoleReporter::PrintHeader(const Run& run) {
  if (!notes_) return ConsoleReporter::PrintHeader(run);
  const ExtraColumn column = column_for(run);
  GetOutputStream() << console_header(run, layout(), &column);
}

void TareConsoleReporter::PrintRunData(const Run& run) {
  if (!notes_ || run.report_big_o || run.report_rms) return ConsoleReporter::PrintRunData(run);
  const ExtraColumn column = column_for(run);
  print_console_row(GetOutputStream(), run, layout(), &column);
  note_printed(run);
}

void TareConsoleReporter::note_printed(const Run& run) {
  if (run.error_occurred) return;  // its row shows the error alone
  if (run.run_type == Run::RT_Iteration) (run.repetitions > 1 ? printed_.repetitions : printed_.estimates) = true;
  if (run.run_type == Run::RT_Aggregate && run.aggregate_name == "mean") printed_.means = true;
  if (const RowNote* note = note_for(run); note && !note->has_interval) printed_.without_interval = true;
}

}  // namespace tare::gbench
