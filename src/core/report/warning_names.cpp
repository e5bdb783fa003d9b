#include "report/warning_names.hpp"

namespace tare::report {

namespace {

constexpr results::WarningCode kWarningCodes[] = {
    results::WarningCode::unoptimised_build,
    results::WarningCode::assertions_enabled,
    results::WarningCode::optimised_away,
    results::WarningCode::failed,
    results::WarningCode::run_unfinished,
    results::WarningCode::unsteady_score,
    results::WarningCode::unsteady_forks,
    results::WarningCode::slowdown,
    results::WarningCode::steady_unchecked,
    results::WarningCode::slow_start,
    results::WarningCode::slow_start_unbounded,
    results::WarningCode::slow_start_unchecked,
    results::WarningCode::two_modes,
    results::WarningCode::process_dependent,
    results::WarningCode::forks_far_apart,
    results::WarningCode::disturbed_samples,
    results::WarningCode::score_disturbed,
    results::WarningCode::machine_drift,
    results::WarningCode::machine_busy,
    results::WarningCode::target_not_reached,
    results::WarningCode::forks_below_minimum,
    results::WarningCode::no_interval,
    results::WarningCode::timer_cost,
    results::WarningCode::coarse_clock,
    results::WarningCode::waits,
    results::WarningCode::fresh_memory,
    results::WarningCode::teardown,
    results::WarningCode::major_faults,
    results::WarningCode::stale_input,
    results::WarningCode::profiler,
    results::WarningCode::threads_apart,
    results::WarningCode::unclassified,
};

}  // namespace

std::span<const results::WarningCode> warning_codes() { return kWarningCodes; }

const char* warning_code_name(results::WarningCode code) {
  using results::WarningCode;
  switch (code) {
    case WarningCode::unoptimised_build: return "unoptimised_build";
    case WarningCode::assertions_enabled: return "assertions_enabled";
    case WarningCode::optimised_away: return "optimised_away";
    case WarningCode::failed: return "failed";
    case WarningCode::run_unfinished: return "run_unfinished";
    case WarningCode::unsteady_score: return "unsteady_score";
    case WarningCode::unsteady_forks: return "unsteady_forks";
    case WarningCode::slowdown: return "slowdown";
    case WarningCode::steady_unchecked: return "steady_unchecked";
    case WarningCode::slow_start: return "slow_start";
    case WarningCode::slow_start_unbounded: return "slow_start_unbounded";
    case WarningCode::slow_start_unchecked: return "slow_start_unchecked";
    case WarningCode::two_modes: return "two_modes";
    case WarningCode::process_dependent: return "process_dependent";
    case WarningCode::forks_far_apart: return "forks_far_apart";
    case WarningCode::disturbed_samples: return "disturbed_samples";
    case WarningCode::score_disturbed: return "score_disturbed";
    case WarningCode::machine_drift: return "machine_drift";
    case WarningCode::machine_busy: return "machine_busy";
    case WarningCode::target_not_reached: return "target_not_reached";
    case WarningCode::forks_below_minimum: return "forks_below_minimum";
    case WarningCode::no_interval: return "no_interval";
    case WarningCode::timer_cost: return "timer_cost";
    case WarningCode::coarse_clock: return "coarse_clock";
    case WarningCode::waits: return "waits";
    case WarningCode::fresh_memory: return "fresh_memory";
    case WarningCode::teardown: return "teardown";
    case WarningCode::major_faults: return "major_faults";
    case WarningCode::stale_input: return "stale_input";
    case WarningCode::profiler: return "profiler";
    case WarningCode::threads_apart: return "threads_apart";
    case WarningCode::unclassified: return "unclassified";
  }
  return "unclassified";
}

std::optional<results::WarningCode> parse_warning_code(std::string_view name) {
  for (const auto code : kWarningCodes)
    if (name == warning_code_name(code)) return code;
  return std::nullopt;
}

const char* severity_name(results::Severity severity) {
  switch (severity) {
    case results::Severity::unusable: return "unusable";
    case results::Severity::caution: return "caution";
    case results::Severity::note: return "note";
  }
  return "caution";
}

std::optional<results::Severity> parse_severity(std::string_view name) {
  for (const auto s : {results::Severity::unusable, results::Severity::caution, results::Severity::note})
    if (name == severity_name(s)) return s;
  return std::nullopt;
}

}  // namespace tare::report
