#include "analysis/warning_severity.hpp"

#include <utility>

namespace tare::analysis {

results::Severity severity_of(results::WarningCode code) {
  using results::Severity;
  using results::WarningCode;
  switch (code) {
    // The number does not measure the code as it would run: do not use it.
    case WarningCode::unoptimised_build:
    case WarningCode::optimised_away:
    case WarningCode::failed:
      return Severity::unusable;
    // Tare already did what the note explains (left forks or samples out, warmed up
    // longer), or the interval already carries it, or it is advice for the next run.
    case WarningCode::unsteady_forks:
    case WarningCode::steady_unchecked:
    case WarningCode::slow_start:
    case WarningCode::slow_start_unchecked:
    case WarningCode::process_dependent:
    case WarningCode::disturbed_samples:
    case WarningCode::machine_busy:
    case WarningCode::target_not_reached:
    case WarningCode::forks_below_minimum:
    case WarningCode::fresh_memory:
    case WarningCode::teardown:
    case WarningCode::profiler:
      return Severity::note;
    // A valid number that needs reading with the warning next to it.
    case WarningCode::assertions_enabled:
    case WarningCode::run_unfinished:
    case WarningCode::unsteady_score:
    case WarningCode::slowdown:
    case WarningCode::slow_start_unbounded:
    case WarningCode::two_modes:
    case WarningCode::forks_far_apart:
    case WarningCode::score_disturbed:
    case WarningCode::machine_drift:
    case WarningCode::no_interval:
    case WarningCode::timer_cost:
    case WarningCode::coarse_clock:
    case WarningCode::waits:
    case WarningCode::major_faults:
    case WarningCode::threads_apart:
    case WarningCode::stale_input:
    case WarningCode::unclassified:
      return Severity::caution;
  }
  return Severity::caution;
}

results::WarningCode code_of(Warning acknowledgeable) {
  using results::WarningCode;
  switch (acknowledgeable) {
    case Warning::optimised_away: return WarningCode::optimised_away;
    case Warning::slowdown: return WarningCode::slowdown;
    case Warning::two_modes: return WarningCode::two_modes;
    case Warning::process_dependent: return WarningCode::process_dependent;
    case Warning::forks_far_apart: return WarningCode::forks_far_apart;
    case Warning::waits: return WarningCode::waits;
    case Warning::fresh_memory: return WarningCode::fresh_memory;
    case Warning::teardown: return WarningCode::teardown;
    case Warning::major_faults: return WarningCode::major_faults;
    case Warning::timer_cost: return WarningCode::timer_cost;
    case Warning::coarse_clock: return WarningCode::coarse_clock;
    case Warning::stale_input: return WarningCode::stale_input;
  }
  return WarningCode::unclassified;
}

void warn(results::Benchmark& benchmark, results::WarningCode code, results::Facts facts, results::Advice advice) {
  results::Warning& w = benchmark.warnings.emplace_back();
  w.code = code;
  w.severity = severity_of(code);
  w.facts = std::move(facts);
  w.advice = advice;
}

void warn(results::Benchmark& benchmark, results::WarningCode code, std::string text) {
  results::Warning& w = benchmark.warnings.emplace_back();
  w.code = code;
  w.severity = severity_of(code);
  w.text = std::move(text);
}

}  // namespace tare::analysis
