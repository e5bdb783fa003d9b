// What tare::run does after parsing its command line, in pieces that other front ends
// reuse (the Google Benchmark layer, which has its own flags and its own report formats).
#pragma once

#include <optional>
#include <ostream>
#include <vector>

#include "registry/registry.hpp"
#include "report/console.hpp"
#include "report/sparkline.hpp"
#include "results/results.hpp"
#include "runner/launcher.hpp"
#include "runner/options.hpp"

namespace tare::runner {

/// The registered benchmarks expanded and filtered by the options. Throws UsageError when
/// there are none, or the filter is not a regular expression or matches nothing.
std::vector<registry::Instance> select_instances(const RunOptions& options);

struct Measured {
  results::Run run;
  bool interrupted = false;  ///< Ctrl-C: the run holds what was measured before it
};

/// The machine the forks run on: this one (the default), or another reached through a
/// launcher (a Slurm node), described there: its context and its clock replace this one's.
struct Machine {
  const Launcher* launcher = &local_launcher();
  std::optional<results::Context> context;  ///< nullopt: this machine, described here
};

/// Measures the instances in fresh worker processes and summarises them; writes --json
/// and --csv (checkpointed during the run). Prints progress to stderr, no report. Throws
/// UsageError, before measuring anything, when a result file cannot be written.
Measured measure(const RunOptions& options, const std::vector<registry::Instance>& instances,
                 const Machine& machine = {});

/// This executable, as a path a child process can be started from (/proc/self/exe).
std::string executable_path();

/// How the console report is printed: colours on a terminal (unless NO_COLOR), the sparkline
/// unless --no-plot, every warning with --verbose.
report::ConsoleOptions console_options(const RunOptions& options);

/// The glyphs the terminal takes: block characters when the locale (LC_ALL, LC_CTYPE,
/// LANG) is UTF-8, ASCII otherwise.
report::Glyphs terminal_glyphs();

/// 130 when interrupted, 1 when a benchmark failed (skipping itself is not failing), else 0.
int exit_status(const Measured& measured);

}  // namespace tare::runner
