// Initialize, RunSpecifiedBenchmarks and the rest of Google Benchmark's entry points, on
// tare's runner: each instance becomes a tare benchmark named as Google Benchmark names it,
// is measured in fresh worker processes, and is reported in the format asked for.
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>

#include "access.hpp"
#include "body.hpp"
#include "flags.hpp"
#include "instances.hpp"
#include "report/console.hpp"
#include "rows.hpp"
#include "runner/options.hpp"
#include "runner/run.hpp"
#include "worker/worker_main.hpp"
#include "writers.hpp"

namespace tare::gbench {
namespace {

std::string g_program = "benchmark";
int g_exit_status = 0;
benchmark::TimeUnit g_default_unit = benchmark::kNanosecond;

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << g_program << ": error: " << message << "\n";
  std::exit(1);
}

void print_help() {
  std::cout << "benchmark [--benchmark_list_tests={true|false}]\n"
               "          [--benchmark_filter=<regex>]\n"
               "          [--benchmark_min_time=<seconds>]        measured time in all (under 0.5: a short run)\n"
               "          [--benchmark_min_warmup_time=<seconds>] (tare warms up until steady)\n"
               "          [--benchmark_repetitions=<num>]         forks, one row each, and aggregates\n"
               "          [--benchmark_enable_random_interleaving={true|false}] (always on)\n"
               "          [--benchmark_report_aggregates_only={true|false}]\n"
               "          [--benchmark_display_aggregates_only={true|false}]\n"
               "          [--benchmark_format=<console|json|csv>]\n"
               "          [--benchmark_out=<filename>]\n"
               "          [--benchmark_out_format=<json|console|csv>]\n"
               "          [--benchmark_counters_tabular={true|false}]\n"
               "          [--benchmark_context=<key>=<value>,...]\n"
               "          [--benchmark_time_unit={ns|us|ms|s}]\n"
               "tare's options (run by tare: each benchmark in fresh worker processes):\n"
               "          [--forks N] [--max-forks N] [--budget SECONDS] [--target-ci PERCENT]\n"
               "          [--measure-ms MS] [--warmup-max-ms MS] [--steady-band PERCENT]\n"
               "          [--timeout SECONDS] [--seed N] [--json FILE] [--csv FILE] [--list-json]\n";
}

// Google Benchmark's default --benchmark_min_time: shorter asks for a short run.
constexpr double kGoogleDefaultMinTime = 0.5;
// A short run's forks: the fewest whose interval means something (t = 4.3 at 2 degrees of
// freedom; two forks would give 12.7).
constexpr int kShortRunForks = 3;
// The least warmup bound of a short run: the trend test needs 20 samples of about 1 ms.
constexpr double kShortRunLeastWarmupMs = 20;

bool is_short_run(const Flags& f) {
  return f.min_time_seconds && *f.min_time_seconds < kGoogleDefaultMinTime && !f.repetitions;
}

bool tare_option_given(const Flags& f, const std::string& option) {
  for (const auto& arg : f.tare_options)
    if (arg == option || arg.rfind(option + "=", 0) == 0) return true;
  return false;
}

// tare's options, parsed by tare's own parser; Google Benchmark's flags then map onto them
// (tare's own options, when given, win).
runner::RunOptions run_options(const Flags& f) {
  std::vector<std::string> args{g_program};
  args.insert(args.end(), f.tare_options.begin(), f.tare_options.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  runner::RunOptions options;
  try {
    auto parsed = runner::parse_options(static_cast<int>(args.size()), argv.data());
    if (!parsed) std::exit(0);
    options = *parsed;
  } catch (const runner::UsageError& e) {
    usage_error(e.what());
  }
  if (f.repetitions) {
    options.min_forks = options.max_forks = *f.repetitions;  // a repetition is a fork
    options.budget_seconds = 1e12;
    // Each repetition is a run of at least min_time, as in Google Benchmark.
    if (f.min_time_seconds && !tare_option_given(f, "--measure-ms")) options.measure_ms = *f.min_time_seconds * 1e3;
    return options;
  }
  if (!f.min_time_seconds) return options;
  // min_time is the measured time of a benchmark in all: over the forks (0.5 s is tare's
  // default of 5 forks of 100 ms). Shorter than Google Benchmark's default asks for a short
  // run: a fixed 3 forks, warmup bounded by min_time too (write_short_run_note says so).
  const double min_time_ms = *f.min_time_seconds * 1e3;
  if (is_short_run(f)) {
    if (!tare_option_given(f, "--forks") && !tare_option_given(f, "--max-forks"))
      options.min_forks = options.max_forks = kShortRunForks;
    if (!tare_option_given(f, "--warmup-max-ms"))
      options.warmup_max_ms = std::min(options.warmup_max_ms, std::max(min_time_ms, kShortRunLeastWarmupMs));
  }
  if (!tare_option_given(f, "--measure-ms")) options.measure_ms = min_time_ms / options.min_forks;
  return options;
}

// Under the console table of a short run: what was run, and what a longer one gives.
void write_short_run_note(const Flags& f, const runner::RunOptions& options, std::ostream& out) {
  if (!is_short_run(f)) return;
  out << "\nA short run (--benchmark_min_time=" << *f.min_time_seconds << "): " << options.min_forks
      << " worker processes per benchmark, each measuring " << report::format_duration_ns(options.measure_ms * 1e6)
      << " after at most " << report::format_duration_ns(options.warmup_max_ms * 1e6)
      << " of warmup, so the intervals are wide. Without the flag each benchmark runs until its interval is "
         "within 1% (at least 5 processes, at most 3 s).\n";
}

void write_report(const std::string& format, const results::Run& run, const std::vector<Row>& rows,
                  const Flags& f, const runner::RunOptions& options, std::ostream& out) {
  if (format == "json") write_json(run, rows, f.context, out);
  else if (format == "csv") write_csv(rows, out);
  else {
    report::ConsoleOptions console;
    console.color = &out == &std::cout && isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
    report::write_console(run, out, console);
    write_console_extras(rows, out);
    write_short_run_note(f, options, out);
  }
}

std::size_t run_specified(const std::string& spec) {
  const Flags& f = flags();
  if (!f.worker_args.empty()) {
    // A worker: every instance is registered, under the names the runner asks for.
    for (const auto& instance : expand(Filter(""))) register_with_tare(instance);
    std::exit(worker::run_worker(f.worker_args));
  }
  std::optional<Filter> filter;
  try {
    filter.emplace(spec);
  } catch (const std::regex_error&) {
    std::cerr << "Could not compile benchmark re: " << spec << "\n";
    return 0;
  }
  const auto instances = expand(*filter);
  if (instances.empty()) {
    std::cerr << "Failed to match any benchmarks against regex: " << spec << "\n";
    return 0;
  }
  if (f.list_tests) {
    for (const auto& instance : instances) std::cout << instance.name << "\n";
    return 0;
  }
  runner::RunOptions options = run_options(f);
  if (f.list_json) {
    // For `tare ab`: the benchmarks as tare sees them (each named as Google Benchmark names it).
    for (const auto& instance : instances) register_with_tare(instance);
    runner::write_instances_json(runner::select_instances(options), std::cout);
    return 0;
  }
  std::ofstream out_file;
  if (!f.out.empty()) {
    out_file.open(f.out);
    if (!out_file) usage_error("--benchmark_out=" + f.out + ": cannot be written");
  }
  for (const auto& instance : instances) register_with_tare(instance);
  runner::Measured measured;
  try {
    measured = runner::measure(options, runner::select_instances(options));
  } catch (const runner::UsageError& e) {
    usage_error(e.what());
  }
  RowOptions row_options{f.repetitions, f.time_unit, f.report_aggregates_only, f.display_aggregates_only, false};
  const auto rows = make_rows(measured.run, instances, row_options);
  RowOptions display_options = row_options;
  display_options.for_display = true;
  write_report(f.format, measured.run, make_rows(measured.run, instances, display_options), f, options, std::cout);
  if (out_file.is_open()) write_report(f.out_format, measured.run, rows, f, options, out_file);
  g_exit_status = runner::exit_status(measured);
  if (measured.interrupted) std::exit(130);
  return instances.size();
}

}  // namespace
}  // namespace tare::gbench

namespace benchmark {

void Initialize(int* argc, char** argv, void (*help_printer)()) {
  if (*argc > 0 && argv[0]) tare::gbench::g_program = argv[0];
  for (int i = 1; i < *argc; ++i) {
    if (std::string(argv[i]) != "--help") continue;
    if (help_printer) help_printer();
    else tare::gbench::print_help();
    std::exit(0);
  }
  try {
    tare::gbench::parse_flags(argc, argv);
  } catch (const std::invalid_argument& e) {
    tare::gbench::usage_error(e.what());
  }
}

bool ReportUnrecognizedArguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    std::cerr << tare::gbench::g_program << ": error: unrecognized command-line flag: " << argv[i] << "\n";
  return argc > 1;
}

std::size_t RunSpecifiedBenchmarks() { return tare::gbench::run_specified(tare::gbench::flags().filter); }
std::size_t RunSpecifiedBenchmarks(std::string spec) { return tare::gbench::run_specified(spec); }
void Shutdown() {}

std::string GetBenchmarkFilter() { return tare::gbench::flags().filter; }
void SetBenchmarkFilter(std::string value) { tare::gbench::flags().filter = std::move(value); }
TimeUnit GetDefaultTimeUnit() { return tare::gbench::g_default_unit; }
void SetDefaultTimeUnit(TimeUnit unit) { tare::gbench::g_default_unit = unit; }
void AddCustomContext(const std::string& key, const std::string& value) { tare::gbench::flags().context[key] = value; }

namespace internal {
int ExitStatus() { return tare::gbench::g_exit_status; }
}  // namespace internal

}  // namespace benchmark
