// Defines ConsoleReporter of include/benchmark/benchmark.h (the public header
// declares all of it: no header of its own).
// Google Benchmark's ConsoleReporter: the context on the error stream, then a header before
// the first row, and in tabular mode again whenever the counters change (console_row.hpp
// prints the lines).
#include <benchmark/benchmark.h>

#include <algorithm>

#include "console_row.hpp"

namespace benchmark {
namespace {

bool same_counter_names(const UserCounters& a, const UserCounters& b) {
  if (a.size() != b.size()) return false;
  return std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) { return x.first == y.first; });
}

}  // namespace

bool ConsoleReporter::ReportContext(const Context& context) {
  name_field_width_ = context.name_field_width;
  printed_header_ = false;
  prev_counters_.clear();
  PrintBasicContext(&GetErrorStream(), context);
  return true;
}

void ConsoleReporter::PrintHeader(const Run& run) {
  tare::gbench::ConsoleLayout layout{name_field_width_, (output_options_ & OO_Color) != 0,
                                     (output_options_ & OO_Tabular) != 0};
  GetOutputStream() << tare::gbench::console_header(run, layout, nullptr);
}

void ConsoleReporter::ReportRuns(const std::vector<Run>& reports) {
  for (const auto& run : reports) {
    const bool header =
        !printed_header_ || ((output_options_ & OO_Tabular) && !same_counter_names(run.counters, prev_counters_));
    if (header) {
      printed_header_ = true;
      prev_counters_ = run.counters;
      PrintHeader(run);
    }
    PrintRunData(run);
  }
}

void ConsoleReporter::PrintRunData(const Run& run) {
  tare::gbench::ConsoleLayout layout{name_field_width_, (output_options_ & OO_Color) != 0,
                                     (output_options_ & OO_Tabular) != 0};
  tare::gbench::print_console_row(GetOutputStream(), run, layout, nullptr);
}

}  // namespace benchmark
