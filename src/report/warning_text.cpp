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
    case WarningCode::forks_below_minimum: return "the budget ran out before --forks forks (raise --budget)";
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
    default: return warning_code_name(code);
  }
}

}  // namespace tare::report::detail
