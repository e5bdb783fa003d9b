#include "console_row.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstring>

#include "gb_format.hpp"

namespace tare::gbench {
namespace {

using Run = benchmark::BenchmarkReporter::Run;

enum class Colour { plain, red, green, yellow, blue, cyan };

// Google Benchmark's ANSI codes (foreground 3x); the default colour has none.
const char* ansi_code(Colour colour) {
  switch (colour) {
    case Colour::red: return "1";
    case Colour::green: return "2";
    case Colour::yellow: return "3";
    case Colour::blue: return "4";
    case Colour::cyan: return "6";
    default: return nullptr;
  }
}

// Prints a printf-style field, in colour when colour is on: Google Benchmark ends every
// field, the default-coloured ones too, with a reset.
class FieldPrinter {
 public:
  FieldPrinter(std::ostream& out, bool colour) : out_(out), colour_(colour) {}
  [[gnu::format(printf, 3, 4)]] void operator()(Colour colour, const char* pattern, ...) {
    va_list args;
    va_start(args, pattern);
    const std::string text = str_format_v(pattern, args);
    va_end(args);
    if (!colour_) {
      out_ << text;
      return;
    }
    if (const char* code = ansi_code(colour)) out_ << "\033[0;3" << code << "m";
    out_ << text << "\033[m";
  }

 private:
  std::ostream& out_;
  bool colour_;
};

bool is_percentage(const Run& run) {
  return run.run_type == Run::RT_Aggregate && run.aggregate_unit == benchmark::kPercentage;
}

void print_times(FieldPrinter& print, const Run& run) {
  const double real_time = run.GetAdjustedRealTime();
  const double cpu_time = run.GetAdjustedCPUTime();
  if (run.report_big_o) {
    const std::string big_o = big_o_name(run.complexity);
    print(Colour::yellow, "%10.2f %-4s %10.2f %-4s ", real_time, big_o.c_str(), cpu_time, big_o.c_str());
  } else if (run.report_rms) {
    print(Colour::yellow, "%10.0f %-4s %10.0f %-4s ", real_time * 100, "%", cpu_time * 100, "%");
  } else if (is_percentage(run)) {
    print(Colour::yellow, "%10.2f %-4s %10.2f %-4s ", 100. * run.real_accumulated_time, "%",
          100. * run.cpu_accumulated_time, "%");
  } else {
    const char* unit = benchmark::GetTimeUnitString(run.time_unit);
    print(Colour::yellow, "%s %-4s %s %-4s ", console_time(real_time).c_str(), unit, console_time(cpu_time).c_str(),
          unit);
  }
}

void print_counters(FieldPrinter& print, const Run& run, bool tabular) {
  for (const auto& [name, counter] : run.counters) {
    const std::size_t width = std::max<std::size_t>(10, name.size());
    std::string value;
    const char* unit = "";
    if (is_percentage(run)) {
      value = str_format("%.2f", 100. * counter.value);
      unit = "%";
    } else {
      value = human_readable_number(counter.value, counter.oneK);
      if (counter.flags & benchmark::Counter::kIsRate)
        unit = (counter.flags & benchmark::Counter::kInvert) ? "s" : "/s";
    }
    if (tabular)
      print(Colour::plain, " %*s%s", static_cast<int>(width - std::strlen(unit)), value.c_str(), unit);
    else
      print(Colour::plain, " %s=%s%s", name.c_str(), value.c_str(), unit);
  }
}

// The cell, then the marker in red (a warning); the marker's padding only when something
// follows it, and in no colour.
void print_extra_cell(FieldPrinter& print, const ExtraColumn& extra, bool more_follows) {
  std::string cell = " " + extra.cell;
  const auto marker_end = extra.marker.find_last_not_of(' ');
  const std::string marker = marker_end == std::string::npos ? "" : extra.marker.substr(0, marker_end + 1);
  const std::string padding = more_follows ? std::string(extra.marker.size() - marker.size(), ' ') : "";
  if (marker.empty() && !more_follows) cell.erase(cell.find_last_not_of(' ') + 1);
  if (!cell.empty()) print(Colour::plain, "%s", cell.c_str());
  if (!marker.empty()) print(Colour::red, "%s", marker.c_str());
  if (!padding.empty()) print(Colour::plain, "%s", padding.c_str());
}

}  // namespace

std::string console_header(const Run& run, const ConsoleLayout& layout, const ExtraColumn* extra) {
  std::string header =
      str_format("%-*s %13s %15s %12s", static_cast<int>(layout.name_width), "Benchmark", "Time", "CPU", "Iterations");
  if (extra) header += " " + extra->header;
  if (!run.counters.empty()) {
    if (layout.tabular) {
      for (const auto& counter : run.counters) header += str_format(" %10s", counter.first.c_str());
    } else {
      header += " UserCounters...";
    }
  }
  const std::string line(header.size(), '-');
  return line + "\n" + header + "\n" + line + "\n";
}

void print_console_row(std::ostream& out, const Run& run, const ConsoleLayout& layout, const ExtraColumn* extra) {
  FieldPrinter print(out, layout.colour);
  const bool complexity = run.report_big_o || run.report_rms;
  print(complexity ? Colour::blue : Colour::green, "%-*s ", static_cast<int>(layout.name_width),
        run.benchmark_name().c_str());
  if (run.error_occurred) {
    print(Colour::red, "ERROR OCCURRED: \'%s\'", run.error_message.c_str());
    print(Colour::plain, "\n");
    return;
  }
  print_times(print, run);
  if (!complexity) print(Colour::cyan, "%10lld", static_cast<long long>(run.iterations));
  if (extra) print_extra_cell(print, *extra, !run.counters.empty() || !run.report_label.empty());
  print_counters(print, run, layout.tabular);
  if (!run.report_label.empty()) print(Colour::plain, " %s", run.report_label.c_str());
  print(Colour::plain, "\n");
}

}  // namespace tare::gbench
