#include "plan/run_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>

#include "analysis/estimates.hpp"
#include "analysis/slow_start.hpp"
#include "input/number.hpp"
#include "report/console.hpp"
#include "runner/options.hpp"
#include "stats/descriptive.hpp"

namespace tare::plan {
namespace {

// The pilot's first fork watched for a slow start: one it found (and the second fork
// confirmed) is waited out by every fork, so it is in the fork cost; a watch shorter than
// tare's own second could not see a longer one, and the planned run would watch as little.
std::string slow_start_note(const results::Benchmark& b) {
  if (b.mode == Mode::ss || b.forks.empty() || !b.forks.front().slow_start) return "";
  const results::SlowStart& s = *b.forks.front().slow_start;
  if (s.warmup_ms > 0 && s.confirmed.value_or(false))
    return fmt::format("{}: each fork waits out a slow start ({:.1f}x slower for the first {}): it is in the fork cost",
                       b.name, s.slower, report::format_duration_ns(s.warmup_ms * 1e6));
  if (s.horizon_ms * 1e6 < analysis::kSlowStartLookNs)
    return fmt::format("{}: the pilot watched its first process for {}: a longer slow start was not looked for, and the "
                       "plan's costs assume none; add --warmup-max-ms 1s to the command to look as far as tare's "
                       "defaults",
                       b.name, report::format_duration_ns(s.horizon_ms * 1e6));
  return "";
}

PlanRow plan_benchmark(const results::Benchmark& b, const PlanOptions& options) {
  PlanRow row;
  row.name = b.name;
  if (!b.ok) {
    row.problem = "failed in the pilot run";
    return row;
  }
  const auto forks = analysis::scored_forks(b);  // what the pilot's score rested on
  if (forks.size() < 2 || !b.score || !b.between_fork_variance) {
    row.problem = "fewer than 2 good forks in the pilot run: no variance between forks to plan with";
    return row;
  }
  // Costs as the runner spent them: a sample's wall time, and everything else a fork took
  // (process start, setup, calibration, warmup, reference timings, teardown).
  std::vector<double> sample_costs, fork_costs;
  for (const auto* f : forks) {
    if (f->wall_ns <= 0 || f->samples.empty()) continue;
    sample_costs.push_back(f->measured_ns / static_cast<double>(f->samples.size()));
    fork_costs.push_back(std::max(f->wall_ns - f->measured_ns, 0.0));
  }
  if (sample_costs.size() < 2) {
    row.problem = "the pilot run has no fork timings (wall_ns): rerun it with this version of tare";
    return row;
  }
  auto& in = row.input;
  in.mean = *b.score;
  in.between_variance = *b.between_fork_variance;
  in.within_variance = b.within_fork_variance.value_or(0);
  in.sample_cost_ns = stats::median(sample_costs);
  in.fork_cost_ns = std::max(stats::median(fork_costs), 1.0);
  in.target_relative_half_width = options.target_relative_half_width;
  in.budget_ns = options.budget_seconds * 1e9;
  if (b.mode == Mode::ss) {
    // One cold call per fork: nothing to repeat inside a fork.
    in.within_variance = 0;
    in.min_samples = in.max_samples = 1;
  }
  row.plan = stats::plan_repetitions(in);
  if (row.plan.forks == 0) {
    row.problem = "cannot plan from these numbers (a zero or non-finite score or cost)";
    return row;
  }
  row.measure_ms = std::ceil(static_cast<double>(row.plan.samples_per_fork) * in.sample_cost_ns / 1e5) / 10;
  row.slow_start_note = slow_start_note(b);
  return row;
}

}  // namespace

std::vector<PlanRow> plan_run(const results::Run& run, const PlanOptions& options) {
  std::vector<PlanRow> rows;
  for (const auto& b : run.benchmarks) rows.push_back(plan_benchmark(b, options));
  return rows;
}

std::string exact_filter(const std::string& name) {
  std::string pattern = "^";
  for (const char c : name) {
    if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) pattern += '\\';
    pattern += c;
  }
  return pattern + "$";
}

std::string shell_quote(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("-_./=:,+").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string command_line(const results::Run& run, const PlanRow& row, const PlanOptions& options) {
  const auto& plan = row.plan;
  // The design is fixed (--forks = --max-forks): the budget only stops a run on a machine
  // ten times slower than the pilot's, as a busy one can be; but no more than the binary's
  // --budget takes (a week), or the command printed would be refused.
  const double budget_s = std::min(input::kWeekSeconds, std::max(10.0, std::ceil(10 * plan.predicted_ns / 1e9)));
  std::string command =
      fmt::format("{} --filter {} --forks {} --max-forks {} --measure-ms {:g} --target-ci {:g}% --budget {:g}s",
                  shell_quote(run.context.executable), shell_quote(exact_filter(row.name)), plan.forks, plan.forks,
                  row.measure_ms, 100 * options.target_relative_half_width, budget_s);
  // What a fork costs besides its samples was measured under the pilot's warmup settings:
  // those that were not the defaults go along.
  const auto& pilot = run.context.settings;
  const runner::RunOptions defaults;
  if (pilot.warmup_max_ms > 0 && pilot.warmup_max_ms != defaults.warmup_max_ms)
    command += fmt::format(" --warmup-max-ms {:g}", pilot.warmup_max_ms);
  if (pilot.steady_band_percent > 0 && pilot.steady_band_percent != defaults.steady_band_percent)
    command += fmt::format(" --steady-band {:g}%", pilot.steady_band_percent);
  return command;
}

}  // namespace tare::plan
