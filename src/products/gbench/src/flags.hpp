// Google Benchmark's command-line flags, and tare's own options passed through beside them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace tare::gbench {

struct Flags {
  bool list_tests = false;
  bool list_json = false;                  ///< tare's --list-json (what `tare ab` reads)
  std::string filter;
  std::optional<double> min_time_seconds;  ///< --benchmark_min_time: measured time in all (run_length.hpp)
  std::optional<std::int64_t> min_iterations;  ///< --benchmark_min_time=<N>x: N iterations per run
  std::optional<int> repetitions;          ///< --benchmark_repetitions: forks, one row each
  bool report_aggregates_only = false;
  bool display_aggregates_only = false;
  std::string format = "console";          ///< console | json | csv (standard output)
  std::string out;                         ///< --benchmark_out
  std::string out_format = "json";
  std::optional<benchmark::TimeUnit> time_unit;
  std::string color = "auto";              ///< --benchmark_color: "auto", "true" or "false"
  bool counters_tabular = false;           ///< --benchmark_counters_tabular
  int verbosity = 0;                       ///< --v
  std::vector<std::string> tare_options;   ///< tare's own options, for runner::parse_options
  /// Non-empty: this process is a tare worker, and this its command line for tare::run
  /// (argv[0], --tare-worker and the runner's arguments; Google Benchmark's flags taken out).
  std::vector<std::string> worker_command;
};

/// The flags of this process, as Initialize left them.
Flags& flags();

/// A --benchmark_min_time below Google Benchmark's default (0.5 s) without repetitions:
/// the user asks for a short run (fewer processes, short warmup; run_length.hpp).
bool short_run(const Flags& flags);

/// Whether the console may use colour (--benchmark_color, and for "auto" a colour terminal on
/// standard output) and lay counters out in columns (--benchmark_counters_tabular).
/// Declared by Google Benchmark's internal headers, which its own tests include.
}  // namespace tare::gbench
namespace benchmark::internal {
ConsoleReporter::OutputOptions GetOutputOptions(bool force_no_color = false);
}  // namespace benchmark::internal
namespace tare::gbench {

/// Iterations per run asked with --benchmark_min_time=<N>x, 0 when not. Worker processes
/// are run without Google Benchmark's flags: they inherit it through the environment.
std::int64_t iterations_flag();

/// Takes Google Benchmark's flags and tare's options out of argv (compacting it), into
/// flags(). Throws input::UsageError, naming the flag, for a known flag with a bad value.
void parse_flags(int* argc, char** argv);

}  // namespace tare::gbench
