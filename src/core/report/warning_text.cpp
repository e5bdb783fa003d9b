#include "report/warning_text.hpp"

#include "report/warning_names.hpp"

namespace tare::report::detail {

using results::WarningCode;

bool shown_by_default(const results::Warning& warning) { return !warning.acknowledged; }

const results::Warning* first_unusable(const results::Benchmark& benchmark) {
  for (const results::Warning& w : benchmark.warnings)
    if (w.severity == results::Severity::unusable && shown_by_default(w)) return &w;
  return nullptr;
}

bool about_the_machine(WarningCode code) {
  return code == WarningCode::machine_drift || code == WarningCode::machine_busy ||
         code == WarningCode::disturbed_samples;
}

const char* short_label(WarningCode code) {
  switch (code) {
    case WarningCode::optimised_away: return "optimised away?";
    case WarningCode::unoptimised_build: return "built without -O";
    case WarningCode::failed: return "failed";
    default: return warning_code_name(code);
  }
}

const char* grouped_headline(WarningCode code) {
  switch (code) {
    case WarningCode::machine_drift:
      return "the machine's speed moved while these ran, beyond their intervals (rerun at a quieter time; "
             "--verbose gives drift-normalized scores)";
    case WarningCode::machine_busy: return "machine busy, over 100 involuntary context switches per second";
    case WarningCode::disturbed_samples:
      return "other work took the CPU during some samples; they are left out of the scores";
    case WarningCode::target_not_reached: return "--target-ci not reached (raise --budget or --max-forks)";
    case WarningCode::forks_below_minimum: return "the budget ran out before --forks scored forks (raise --budget)";
    case WarningCode::unsteady_forks:
      return "forks without a steady state were left out of the score (raise --measure-ms to see where the speed "
             "settles)";
    case WarningCode::steady_unchecked: return "steady state unchecked, too few samples per fork (raise --measure-ms)";
    case WarningCode::slow_start: return "a slow start, waited out in every fork";
    case WarningCode::process_dependent:
      return "the speed depends on the process (more forks narrow the interval, longer ones do not)";
    case WarningCode::fresh_memory: return "the measured code keeps touching fresh memory (minor page faults)";
    case WarningCode::teardown: return "the state's teardown is long next to the measurement";
    case WarningCode::profiler: return "a profiler could not profile";
    case WarningCode::optimised_away: return "looks optimised away, or as cheap as the empty loop";
    case WarningCode::unoptimised_build: return "built without optimisation (build Release)";
    case WarningCode::failed: return "a fork failed";
    case WarningCode::assertions_enabled: return "built without NDEBUG: assertions in the measured code";
    case WarningCode::run_unfinished: return "the run was interrupted: estimates from the forks completed so far";
    case WarningCode::unsteady_score: return "no steady state: the score mixes speeds (raise --measure-ms)";
    case WarningCode::slowdown: return "forks ran faster at first, then settled slower";
    case WarningCode::slow_start_unbounded: return "a slow start may outlast the first fork's watch (raise --warmup-max-ms)";
    case WarningCode::slow_start_unchecked:
      return "a slow start longer than the first fork's watch was not looked for (--warmup-max-ms 1s looks)";
    case WarningCode::two_modes: return "the forks split into two speeds (both listed below)";
    case WarningCode::forks_far_apart: return "forks far from the others (compare the score with the median)";
    case WarningCode::score_disturbed: return "too few undisturbed samples: the score counts other work's time";
    case WarningCode::no_interval: return "one fork only, no interval (raise --budget)";
    case WarningCode::timer_cost: return "the clock's cost is a large share of the score (per-invocation hooks)";
    case WarningCode::coarse_clock: return "the clock is too coarse for per-call times (use avgt)";
    case WarningCode::waits: return "the benchmark waited (I/O, locks, sleeps) for part of its time";
    case WarningCode::major_faults: return "major page faults in the measured code (I/O)";
    case WarningCode::threads_apart: return "threads took turns instead of running at once (too few free CPUs)";
    case WarningCode::stale_input:
      return "input reset per sample only, before an operation that may change it (reset with before_each)";
    case WarningCode::unclassified: return "unclassified warnings";
  }
  return warning_code_name(code);
}

}  // namespace tare::report::detail
