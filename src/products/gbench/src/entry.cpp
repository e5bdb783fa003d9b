// Initialize, RunSpecifiedBenchmarks and the rest of Google Benchmark's entry points, on
// tare's runner: each instance becomes a tare benchmark named as Google Benchmark names it,
// is measured in fresh worker processes, and is reported through Google Benchmark's
// reporters (the display reporter, and with --benchmark_out the file reporter).
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "access.hpp"
#include "body.hpp"
#include "flags.hpp"
#include "input/output_path.hpp"
#include "instances.hpp"
#include "notes.hpp"
#include "runner/options.hpp"
#include "runner/run.hpp"
#include "run_length.hpp"
#include "runs.hpp"
#include "tare_console.hpp"
#include "system/atomic_file.hpp"
#include "tare/tare.hpp"

namespace tare::gbench {
namespace {

std::string g_program = "benchmark";
int g_exit_status = 0;
benchmark::TimeUnit g_default_unit = benchmark::kNanosecond;

// Bad input: one line, exit 2 (as tare's own binaries), before anything is measured.
[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << g_program << ": error: " << message << "\n";
  std::exit(2);
}

// A command line as main() receives it, for tare's entry points.
class CommandLine {
 public:
  explicit CommandLine(std::vector<std::string> words) : words_(std::move(words)) {
    for (auto& word : words_) pointers_.push_back(word.data());
    pointers_.push_back(nullptr);
  }
  int argc() const { return static_cast<int>(words_.size()); }
  char** argv() { return pointers_.data(); }

 private:
  std::vector<std::string> words_;
  std::vector<char*> pointers_;
};

// tare's options, parsed by tare's own parser; Google Benchmark's run-length flags then map
// onto them (run_length.hpp).
runner::RunOptions run_options(const Flags& f) {
  std::vector<std::string> args{g_program};
  args.insert(args.end(), f.tare_options.begin(), f.tare_options.end());
  CommandLine line(std::move(args));
  runner::RunOptions options;
  try {
    auto parsed = runner::parse_options(line.argc(), line.argv());
    if (!parsed) std::exit(0);
    options = *parsed;
  } catch (const runner::UsageError& e) {
    usage_error(e.what());
  }
  // Its node runners would have to start this binary again with Google Benchmark's flags:
  // not done yet, and a run that quietly measured here instead would mislead.
  if (options.launcher == runner::LauncherKind::slurm)
    usage_error("--launcher slurm: tare's own benchmark binaries take it; the Google Benchmark layer does not yet");
  apply_run_length(f, options);
  return options;
}

BENCHMARK_DISABLE_DEPRECATED_WARNING
std::unique_ptr<benchmark::BenchmarkReporter> make_reporter(const std::string& format,
                                                            benchmark::ConsoleReporter::OutputOptions console) {
  if (format == "json") return std::make_unique<benchmark::JSONReporter>();
  if (format == "csv") return std::make_unique<benchmark::CSVReporter>();
  return std::make_unique<TareConsoleReporter>(console);
}
BENCHMARK_RESTORE_DEPRECATED_WARNING

// Google Benchmark's TERM list for colour on standard output.
bool colour_terminal() {
  static const char* const kTerms[] = {"xterm",         "xterm-color",  "xterm-256color",        "screen",
                                       "screen-256color", "tmux",         "tmux-256color",         "rxvt-unicode",
                                       "rxvt-unicode-256color", "linux", "cygwin"};
  const char* term = std::getenv("TERM");
  if (!term || isatty(STDOUT_FILENO) == 0) return false;
  for (const char* t : kTerms)
    if (std::strcmp(term, t) == 0) return true;
  return false;
}

// The width of the name column: the longest name, at least 10, with room for an aggregate's
// suffix when there may be aggregates.
std::size_t name_field_width(const std::vector<Instance>& instances, const Flags& f) {
  using benchmark::internal::Access;
  bool aggregates = f.repetitions.value_or(0) > 1;
  std::size_t width = 10;
  std::size_t statistic = 6;  // "median", "stddev": the default statistics
  for (const auto& instance : instances) {
    width = std::max(width, instance.name.size());
    aggregates = aggregates || Access::repetitions(*instance.family) > 1;
    for (const auto& s : Access::statistics(*instance.family)) statistic = std::max(statistic, s.name_.size());
  }
  return aggregates ? width + 1 + statistic : width;
}

// Google Benchmark reports a benchmark's runs and its aggregates in separate calls; with
// aggregates only, the runs are left out.
void report(benchmark::BenchmarkReporter* reporter, const Report& r, bool aggregates_only) {
  if (!reporter) return;
  if (!aggregates_only) reporter->ReportRuns(r.runs);
  if (!r.aggregates.empty()) reporter->ReportRuns(r.aggregates);
}

// A main() may call RunSpecifiedBenchmarks more than once (with other specs, or after
// clearing the benchmarks and registering others), and a worker runs that main() again: it
// serves the first call at which the benchmark it is asked for is registered, and lets the
// calls before it return as they would in the parent, without running anything.
bool worker_serves_this_call(const Flags& f, const std::vector<Instance>& registered) {
  CommandLine line(f.worker_command);
  const std::string benchmark = tare::worker_benchmark(line.argc(), line.argv());
  if (benchmark.empty()) return true;  // malformed: the worker itself says what is wrong
  for (const auto& instance : registered)
    if (instance.name == benchmark) return true;
  return false;
}

// In a worker process: every instance is registered, under the names the runner asks for,
// and tare's public entry serves the runner, as in a native binary.
[[noreturn]] void serve_as_worker(const Flags& f, const std::vector<Instance>& registered) {
  register_all_with_tare(registered);
  CommandLine line(f.worker_command);
  std::exit(tare::run(line.argc(), line.argv()));
}

// Checks --benchmark_out and gives the file reporter its stream (the one passed, or one in
// --benchmark_out_format): `text`, written to the file whole, at the end, by
// write_out_file, so that a run that breaks off never leaves half a file.
std::unique_ptr<benchmark::BenchmarkReporter> open_file_report(const Flags& f, benchmark::BenchmarkReporter*& file_reporter,
                                                               std::ostringstream& text, std::ostream& err) {
  std::unique_ptr<benchmark::BenchmarkReporter> own;
  if (f.out.empty()) {
    if (file_reporter) {
      err << "A custom file reporter was provided but --benchmark_out=<file> was not specified.\n";
      std::exit(1);
    }
    return own;
  }
  try {
    input::check_output_path(f.out, "--benchmark_out");
  } catch (const input::UsageError& e) {
    err << "invalid file name: '" << f.out << "' (" << e.what() << ")\n";
    std::exit(1);
  }
  if (!file_reporter) {
    own = make_reporter(f.out_format, benchmark::ConsoleReporter::OO_None);
    file_reporter = own.get();
  }
  file_reporter->SetOutputStream(&text);
  file_reporter->SetErrorStream(&text);
  return own;
}

void write_out_file(const Flags& f, const std::ostringstream& text, std::ostream& err) {
  if (f.out.empty()) return;
  try {
    system::write_file_atomically(f.out, [&](std::ostream& out) { out << text.view(); });
  } catch (const std::exception& e) {
    err << e.what() << "\n";
    g_exit_status = 1;
  }
}

// In a worker process: serves the runner when it asks for a benchmark of this call, else
// counts what the call would have run (as the parent's call does).
std::size_t run_as_worker(const Flags& f, const std::string& spec) {
  const auto registered = expand(Filter(""));
  if (worker_serves_this_call(f, registered)) serve_as_worker(f, registered);
  try {
    return expand(Filter(spec)).size();
  } catch (const std::regex_error&) {
    return 0;
  }
}

// The instances the filter selects; none (after saying why) when it does not compile or
// matches nothing.
std::vector<Instance> instances_matching(const std::string& spec, std::ostream& err) {
  std::optional<Filter> filter;
  try {
    filter.emplace(spec);
  } catch (const std::regex_error&) {
    err << "Could not compile benchmark re: " << spec << "\n";
    return {};
  }
  auto instances = expand(*filter);
  if (instances.empty()) err << "Failed to match any benchmarks against regex: " << spec << "\n";
  return instances;
}

// Measures the instances and hands their reports to both reporters, unless a reporter
// declines the context; tare's console gets its notes before the first row.
runner::Measured measure_and_report(benchmark::BenchmarkReporter* display, benchmark::BenchmarkReporter* file_reporter,
                                    const std::vector<Instance>& instances, const Flags& f,
                                    const runner::RunOptions& options, Notes& notes) {
  benchmark::BenchmarkReporter::Context context;
  context.name_field_width = name_field_width(instances, f);
  runner::Measured measured;
  if (!display->ReportContext(context) || (file_reporter && !file_reporter->ReportContext(context))) return measured;
  try {
    measured = runner::measure(options, runner::select_instances(options));
  } catch (const runner::UsageError& e) {
    usage_error(e.what());
  }
  notes = make_notes(measured.run, f, options);
  if (auto* tare_console = dynamic_cast<TareConsoleReporter*>(display)) tare_console->set_notes(&notes);
  ReportOptions report_options{f.repetitions, f.time_unit, f.report_aggregates_only, f.display_aggregates_only};
  for (const auto& r : make_reports(measured.run, instances, report_options)) {
    report(display, r, r.display_aggregates_only);
    report(file_reporter, r, r.file_aggregates_only);
  }
  return measured;
}

// tare's notes go with tare's display: under its table, or to standard error beside JSON
// or CSV on standard output; a program's own display reporter gets none.
void write_tare_notes(const Notes& notes, benchmark::BenchmarkReporter* display, bool own_display) {
  auto* tare_console = dynamic_cast<TareConsoleReporter*>(display);
  if (tare_console) {
    write_notes(notes, &tare_console->printed(), tare_console->GetOutputStream());
    tare_console->set_notes(nullptr);
  } else if (own_display) {
    write_notes(notes, nullptr, std::cerr);
  }
}

// "" and "all" select every benchmark.
std::string filter_pattern(const std::string& spec) { return spec.empty() || spec == "all" ? std::string(".") : spec; }

std::size_t run_specified(benchmark::BenchmarkReporter* display, benchmark::BenchmarkReporter* file_reporter,
                          const std::string& requested) {
  const Flags& f = flags();
  const std::string spec = filter_pattern(requested);
  if (!f.worker_command.empty()) return run_as_worker(f, spec);
  std::unique_ptr<benchmark::BenchmarkReporter> own_display;
  if (!display) {
    own_display = make_reporter(f.format, benchmark::internal::GetOutputOptions());
    display = own_display.get();
  }
  std::ostringstream file_text;
  const auto own_file = open_file_report(f, file_reporter, file_text, display->GetErrorStream());
  const auto instances = instances_matching(spec, display->GetErrorStream());
  if (instances.empty()) return 0;
  if (f.list_tests) {
    for (const auto& instance : instances) display->GetOutputStream() << instance.name << "\n";
    return instances.size();
  }
  const runner::RunOptions options = run_options(f);
  register_all_with_tare(instances, min_time_process_length(f, options));
  if (f.list_json) {
    // For `tare ab`: the benchmarks as tare sees them (each named as Google Benchmark names it).
    runner::write_instances_json(runner::select_instances(options), std::cout);
    return instances.size();
  }
  Notes notes;
  const runner::Measured measured = measure_and_report(display, file_reporter, instances, f, options, notes);
  display->Finalize();
  if (file_reporter) file_reporter->Finalize();
  write_tare_notes(notes, display, own_display != nullptr);
  g_exit_status = runner::exit_status(measured);
  write_out_file(f, file_text, display->GetErrorStream());
  if (measured.interrupted) std::exit(130);
  return instances.size();
}

}  // namespace
}  // namespace tare::gbench

namespace benchmark {

void PrintDefaultHelp() {
  std::cout << "benchmark [--benchmark_list_tests={true|false}]\n"
               "          [--benchmark_filter=<regex>]\n"
               "          [--benchmark_min_time=<seconds>|<N>x]   measured time in all, over 5 processes (0.5s;\n"
               "                                                  500ms, 2s; under 0.5s a short run of 3)\n"
               "          [--benchmark_min_warmup_time=<seconds>] (tare warms up until steady)\n"
               "          [--benchmark_repetitions=<num>]         processes, one row each, and aggregates\n"
               "          [--benchmark_enable_random_interleaving={true|false}] (always on)\n"
               "          [--benchmark_report_aggregates_only={true|false}]\n"
               "          [--benchmark_display_aggregates_only={true|false}]\n"
               "          [--benchmark_format=<console|json|csv>]\n"
               "          [--benchmark_out=<filename>]\n"
               "          [--benchmark_out_format=<json|console|csv>]\n"
               "          [--benchmark_color={auto|true|false}]\n"
               "          [--benchmark_counters_tabular={true|false}]\n"
               "          [--benchmark_context=<key>=<value>,...]\n"
               "          [--benchmark_time_unit={ns|us|ms|s}]\n"
               "          [--v=<verbosity>]\n"
               "tare's options (run by tare: each benchmark in fresh worker processes; --target-ci,\n"
               "--budget or --max-forks add processes until the interval is within the target):\n"
               "          [--forks N] [--max-forks N] [--budget 3s] [--target-ci 1%]\n"
               "          [--measure-ms 100ms] [--warmup-max-ms 1s] [--steady-band 5%]\n"
               "          [--timeout 30s] [--seed N] [--json FILE] [--csv FILE] [--list-json] [--quiet]\n"
               "          [--history PATH|URL|off] [--commit C] [--branch B]\n"
               "          [--prof rusage] [--prof alloc] [--prof perf[:EV1,EV2,...]]\n"
               "          [--prof instructions] [--prof asm]\n";
}

void Initialize(int* argc, char** argv, void (*help_printer)()) {
  if (*argc > 0 && argv[0]) {
    tare::gbench::g_program = argv[0];
    BenchmarkReporter::Context::executable_name = argv[0];
  }
  for (int i = 1; i < *argc; ++i) {
    if (std::string(argv[i]) != "--help") continue;
    if (help_printer) help_printer();
    std::exit(0);
  }
  try {
    tare::gbench::parse_flags(argc, argv);
  } catch (const tare::input::UsageError& e) {
    tare::gbench::usage_error(e.what());
  }
}

bool ReportUnrecognizedArguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    std::cerr << tare::gbench::g_program << ": error: unrecognized command-line flag: " << argv[i] << "\n";
  return argc > 1;
}

BenchmarkReporter* CreateDefaultDisplayReporter() {
  static BenchmarkReporter* reporter =
      tare::gbench::make_reporter(tare::gbench::flags().format, internal::GetOutputOptions()).release();
  return reporter;
}

size_t RunSpecifiedBenchmarks() { return RunSpecifiedBenchmarks(nullptr, nullptr, tare::gbench::flags().filter); }
size_t RunSpecifiedBenchmarks(std::string spec) { return RunSpecifiedBenchmarks(nullptr, nullptr, std::move(spec)); }
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter) {
  return RunSpecifiedBenchmarks(display_reporter, nullptr, tare::gbench::flags().filter);
}
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, std::string spec) {
  return RunSpecifiedBenchmarks(display_reporter, nullptr, std::move(spec));
}
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, BenchmarkReporter* file_reporter) {
  return RunSpecifiedBenchmarks(display_reporter, file_reporter, tare::gbench::flags().filter);
}
size_t RunSpecifiedBenchmarks(BenchmarkReporter* display_reporter, BenchmarkReporter* file_reporter, std::string spec) {
  return tare::gbench::run_specified(display_reporter, file_reporter, spec);
}
void Shutdown() {}

std::string GetBenchmarkFilter() { return tare::gbench::flags().filter; }
void SetBenchmarkFilter(std::string value) { tare::gbench::flags().filter = std::move(value); }
int32_t GetBenchmarkVerbosity() { return tare::gbench::flags().verbosity; }
TimeUnit GetDefaultTimeUnit() { return tare::gbench::g_default_unit; }
void SetDefaultTimeUnit(TimeUnit unit) { tare::gbench::g_default_unit = unit; }

namespace internal {

int ExitStatus() { return tare::gbench::g_exit_status; }

ConsoleReporter::OutputOptions GetOutputOptions(bool force_no_color) {
  const auto& f = tare::gbench::flags();
  const bool colour = !force_no_color && (f.color == "auto" ? tare::gbench::colour_terminal() : f.color == "true");
  return static_cast<ConsoleReporter::OutputOptions>((colour ? ConsoleReporter::OO_Color : 0) |
                                                     (f.counters_tabular ? ConsoleReporter::OO_Tabular : 0));
}

typedef void(AbortHandlerT)();
AbortHandlerT*& GetAbortHandler() {
  static AbortHandlerT* handler = &std::abort;
  return handler;
}

void UseCharPointer(char const volatile*) {}

int InitializeStreams() {
  static std::ios_base::Init init;
  return 0;
}

}  // namespace internal
}  // namespace benchmark
