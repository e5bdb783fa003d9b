// The benchmark binary's command line (docs/guide.md lists the options).
#pragma once

#include <cstdint>
#include <ostream>
#include <optional>
#include <string>
#include <vector>

#include "input/usage_error.hpp"
#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::runner {

/// Where the forks run (--launcher): child processes of the runner, or Slurm job steps.
enum class LauncherKind { local, slurm };

/// --launcher slurm's allocation (docs/slurm.md).
struct SlurmRequest {
  int nodes = 1;                  ///< --nodes: each runs the whole suite
  std::string partition;          ///< --partition ("" : the cluster's default)
  std::vector<std::string> args;  ///< --slurm-arg, each passed to salloc as it is
};

struct RunOptions {
  bool list = false;
  bool list_json = false;
  std::optional<std::string> filter;  ///< ECMAScript regex, searched in the full name
  int min_forks = 5;
  int max_forks = 100;
  double budget_seconds = 3;          ///< per benchmark
  double target_ci_percent = 1;       ///< relative CI half-width to stop at
  double timeout_seconds = 30;        ///< a worker silent this long is killed
  double measure_ms = 100;            ///< measured time per fork
  double warmup_max_ms = 1000;        ///< warmup bound per fork (calibration included)
  /// How long a benchmark's first fork watches for a slow start (its horizon); 0: as long as
  /// warmup_max_ms (tare's own runs). The Google Benchmark layer sets it to its run length.
  double horizon_ms = 0;
  int min_samples = 5;                ///< measured samples per fork, however long they are
  /// Changepoint segments closer than this (relative to the fastest) are one speed. 5%, not
  /// Barrett's ~1%: on shared machines a fork's speed steps by a few percent at random
  /// moments (measured here: 147 <-> 154 ns); such steps are machine noise, which the CI
  /// over forks already carries, not warmup. Subtler warmup is still waited out by the
  /// online trend test (1%) before measuring.
  double steady_band_percent = 5;
  std::string json_path, csv_path;
  bool quiet = false;                 ///< no progress on stderr (live line or log lines)
  bool quick = false;                 ///< --quick: the quick look's values where none were given
  bool plot = true;                   ///< the fork means as a sparkline in the table (--no-plot: none)
  bool verbose = false;               ///< every warning in full (--verbose)
  std::vector<results::Profiler> profilers = {};  ///< --prof, each once, in the order given
  std::vector<std::string> perf_events = {};      ///< --prof perf[:EVENTS]: each once, in the order given
  std::optional<std::uint64_t> seed;
  /// --history: where the run is kept and what it is weighed against: a results history
  /// (SQLite), a speed history of JSON lines (.jsonl), or "off"; nullopt: $TARE_HISTORY, else
  /// the default place (store/history_location.hpp).
  std::optional<std::string> history;
  std::string commit, branch;         ///< --commit, --branch: the source's, kept with the run in the history
  registry::Overrides overrides;
  LauncherKind launcher = LauncherKind::local;
  SlurmRequest slurm;
  std::string command_line;
  std::vector<std::string> arguments;  ///< as given, after the program's name (a Slurm run's node runners get them again)
};

/// A usage error: one line naming the problem; the binary exits with status 2.
using UsageError = input::UsageError;

/// Parses the command line. Throws UsageError; `--help` prints usage and returns nullopt.
std::optional<RunOptions> parse_options(int argc, char** argv);

/// What --quick gave up, in one line for the console (the forks, their length, what is not
/// checked), from the values the run used.
std::string quick_look_note(const RunOptions& options);

/// The expanded benchmark list as JSON, one object per instance: name, family, params,
/// threads, mode (`--list-json`; what `tare ab` reads to drive workers of two builds).
void write_instances_json(const std::vector<registry::Instance>& instances, std::ostream& out);

/// "size=16,1024" -> ("size", {"16", "1024"}); throws UsageError when malformed.
std::pair<std::string, std::vector<std::string>> parse_param_override(const std::string& text);

}  // namespace tare::runner
