// Planning a run from a pilot run's results: how many forks and samples per fork each
// benchmark needs for a target precision (Kalibera & Jones optimal repetition counts,
// stats/planning.hpp, with the costs of a fork and of a sample measured in that run), and
// the command line that runs exactly that design. `tare plan` prints it.
#pragma once

#include <string>
#include <vector>

#include "results/results.hpp"
#include "stats/planning.hpp"

namespace tare::plan {

struct PlanOptions {
  double target_relative_half_width = 0.01;
  double budget_seconds = 60;  ///< machine time allowed per benchmark
};

/// One benchmark's plan, or why there is none.
struct PlanRow {
  std::string name;
  std::string problem;        ///< non-empty: no plan (failed, too few forks, no fork timings)
  stats::PlanInput input;     ///< what the plan was computed from
  stats::Plan plan;
  double measure_ms = 0;      ///< --measure-ms that yields plan.samples_per_fork samples
  /// What the pilot saw of a slow start, said under the plan: one every fork waits out (in
  /// the fork cost), or a watch too short to have seen a longer one; empty otherwise.
  std::string slow_start_note;
};

/// Plans every benchmark of the run.
std::vector<PlanRow> plan_run(const results::Run& run, const PlanOptions& options);

/// The benchmark binary's command line for one row: exactly plan.forks forks (a design fixed
/// in advance: no optional stopping), plan.samples_per_fork samples each.
std::string command_line(const results::Run& run, const PlanRow& row, const PlanOptions& options);

/// "^lookup\.binary/size=16$": a --filter that matches this name only.
std::string exact_filter(const std::string& name);

/// A word the shell passes through unchanged ('...' with embedded quotes escaped).
std::string shell_quote(const std::string& word);

}  // namespace tare::plan
