// Defines CSVReporter of include/benchmark/benchmark.h (the public header
// declares all of it: no header of its own).
// Google Benchmark's CSV: a header naming the fixed columns and the user counters met in the
// first report, then a line per run (an error run leaves the value columns empty).
#include <benchmark/benchmark.h>

#include <iostream>
#include <ostream>

#include "gb_format.hpp"

namespace benchmark {
namespace {

const char* const kColumns[] = {"name",      "iterations",       "real_time", "cpu_time",       "time_unit",
                                "bytes_per_second", "items_per_second", "label", "error_occurred", "error_message"};

bool is_column(const std::string& counter) { return counter == "bytes_per_second" || counter == "items_per_second"; }

}  // namespace

BENCHMARK_DISABLE_DEPRECATED_WARNING

bool CSVReporter::ReportContext(const Context& context) {
  PrintBasicContext(&GetErrorStream(), context);
  return true;
}

void CSVReporter::ReportRuns(const std::vector<Run>& reports) {
  std::ostream& out = GetOutputStream();
  if (!printed_header_) {
    for (const auto& run : reports)
      for (const auto& counter : run.counters)
        if (!is_column(counter.first)) user_counter_names_.insert(counter.first);
    for (std::size_t i = 0; i < sizeof kColumns / sizeof kColumns[0]; ++i) out << (i ? "," : "") << kColumns[i];
    for (const auto& name : user_counter_names_) out << ",\"" << name << "\"";
    out << "\n";
    printed_header_ = true;
  } else {
    // Google Benchmark refuses a counter that was not in the header; a column is missing.
    for (const auto& run : reports)
      for (const auto& counter : run.counters)
        if (!is_column(counter.first) && !user_counter_names_.count(counter.first))
          GetErrorStream() << "All counters must be present in each run. Counter named \"" << counter.first
                           << "\" was not in a run after being added to the header\n";
  }
  for (const auto& run : reports) PrintRunData(run);
}

void CSVReporter::PrintRunData(const Run& run) {
  std::ostream& out = GetOutputStream();
  out << tare::gbench::csv_quote(run.benchmark_name()) << ",";
  if (run.error_occurred) {
    out << std::string(sizeof kColumns / sizeof kColumns[0] - 3, ',') << "true,"
        << tare::gbench::csv_quote(run.error_message) << "\n";
    return;
  }
  if (!run.report_big_o && !run.report_rms) out << run.iterations;
  out << ",";
  out << run.GetAdjustedRealTime() << ",";
  out << run.GetAdjustedCPUTime() << ",";
  if (run.report_big_o) out << tare::gbench::big_o_name(run.complexity);
  else if (!run.report_rms) out << GetTimeUnitString(run.time_unit);
  out << ",";
  if (run.counters.count("bytes_per_second")) out << run.counters.at("bytes_per_second").value;
  out << ",";
  if (run.counters.count("items_per_second")) out << run.counters.at("items_per_second").value;
  out << ",";
  if (!run.report_label.empty()) out << tare::gbench::csv_quote(run.report_label);
  out << ",,";  // error_occurred, error_message
  for (const auto& name : user_counter_names_) {
    const auto it = run.counters.find(name);
    out << ",";
    if (it != run.counters.end()) out << it->second.value;
  }
  out << '\n';
}

BENCHMARK_RESTORE_DEPRECATED_WARNING

}  // namespace benchmark
