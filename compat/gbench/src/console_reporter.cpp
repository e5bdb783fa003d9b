// Google Benchmark's console table: a header, then one line per run with the real and CPU
// time per iteration, the iterations, the counters (name=value, or columns with
// --benchmark_counters_tabular) and the label; complexity rows give the coefficient and
// big-O, or the RMS in percent. Colours are ANSI, as Google Benchmark writes them.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstring>
#include <ostream>

#include "format.hpp"

namespace benchmark {
namespace {

enum class Colour { plain, red, green, yellow, blue, cyan };

const char* ansi(Colour colour) {
  switch (colour) {
    case Colour::red: return "1";
    case Colour::green: return "2";
    case Colour::yellow: return "3";
    case Colour::blue: return "4";
    case Colour::cyan: return "6";
    default: return nullptr;
  }
}

class Printer {
 public:
  Printer(std::ostream& out, bool colour) : out_(out), colour_(colour) {}
  [[gnu::format(printf, 3, 4)]] void operator()(Colour colour, const char* pattern, ...) {
    va_list args;
    va_start(args, pattern);
    const std::string text = tare::gbench::str_format_v(pattern, args);
    va_end(args);
    if (!colour_) {
      out_ << text;
      return;
    }
    if (const char* code = ansi(colour)) out_ << "\033[0;3" << code << "m";
    out_ << text << "\033[m";
  }

 private:
  std::ostream& out_;
  bool colour_;
};

bool same_names(const UserCounters& a, const UserCounters& b) {
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
  std::string header = tare::gbench::str_format("%-*s %13s %15s %12s", static_cast<int>(name_field_width_),
                                                "Benchmark", "Time", "CPU", "Iterations");
  if (!run.counters.empty()) {
    if (output_options_ & OO_Tabular) {
      for (const auto& counter : run.counters) header += tare::gbench::str_format(" %10s", counter.first.c_str());
    } else {
      header += " UserCounters...";
    }
  }
  const std::string line(header.size(), '-');
  GetOutputStream() << line << "\n" << header << "\n" << line << "\n";
}

void ConsoleReporter::ReportRuns(const std::vector<Run>& reports) {
  for (const auto& run : reports) {
    // A header before the first row, and in tabular mode whenever the counters change.
    const bool header =
        !printed_header_ || ((output_options_ & OO_Tabular) && !same_names(run.counters, prev_counters_));
    if (header) {
      printed_header_ = true;
      prev_counters_ = run.counters;
      PrintHeader(run);
    }
    PrintRunData(run);
  }
}

void ConsoleReporter::PrintRunData(const Run& run) {
  Printer print(GetOutputStream(), (output_options_ & OO_Color) != 0);
  const bool complexity = run.report_big_o || run.report_rms;
  print(complexity ? Colour::blue : Colour::green, "%-*s ", static_cast<int>(name_field_width_),
        run.benchmark_name().c_str());
  if (run.error_occurred) {
    print(Colour::red, "ERROR OCCURRED: \'%s\'", run.error_message.c_str());
    print(Colour::plain, "\n");
    return;
  }
  const double real_time = run.GetAdjustedRealTime();
  const double cpu_time = run.GetAdjustedCPUTime();
  const bool percentage = run.run_type == Run::RT_Aggregate && run.aggregate_unit == kPercentage;
  if (run.report_big_o) {
    const std::string big_o = tare::gbench::big_o_name(run.complexity);
    print(Colour::yellow, "%10.2f %-4s %10.2f %-4s ", real_time, big_o.c_str(), cpu_time, big_o.c_str());
  } else if (run.report_rms) {
    print(Colour::yellow, "%10.0f %-4s %10.0f %-4s ", real_time * 100, "%", cpu_time * 100, "%");
  } else if (!percentage) {
    const char* unit = GetTimeUnitString(run.time_unit);
    print(Colour::yellow, "%s %-4s %s %-4s ", tare::gbench::console_time(real_time).c_str(), unit,
          tare::gbench::console_time(cpu_time).c_str(), unit);
  } else {
    print(Colour::yellow, "%10.2f %-4s %10.2f %-4s ", 100. * run.real_accumulated_time, "%",
          100. * run.cpu_accumulated_time, "%");
  }
  if (!complexity) print(Colour::cyan, "%10lld", static_cast<long long>(run.iterations));
  for (const auto& [name, counter] : run.counters) {
    const std::size_t width = std::max<std::size_t>(10, name.size());
    std::string value;
    const char* unit = "";
    if (percentage) {
      value = tare::gbench::str_format("%.2f", 100. * counter.value);
      unit = "%";
    } else {
      value = tare::gbench::human_readable_number(counter.value, counter.oneK);
      if (counter.flags & Counter::kIsRate) unit = (counter.flags & Counter::kInvert) ? "s" : "/s";
    }
    if (output_options_ & OO_Tabular)
      print(Colour::plain, " %*s%s", static_cast<int>(width - std::strlen(unit)), value.c_str(), unit);
    else
      print(Colour::plain, " %s=%s%s", name.c_str(), value.c_str(), unit);
  }
  if (!run.report_label.empty()) print(Colour::plain, " %s", run.report_label.c_str());
  print(Colour::plain, "\n");
}

}  // namespace benchmark
