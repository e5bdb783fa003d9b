#include "report/warning_names.hpp"

#include "report/enum_table.hpp"

namespace tare::report {
namespace {

using results::Severity;
using results::WarningCode;

// In the enum's order (warning_codes()).
constexpr EnumName<WarningCode> kWarningCodes[] = {
    {WarningCode::unoptimised_build, "unoptimised_build"},
    {WarningCode::assertions_enabled, "assertions_enabled"},
    {WarningCode::optimised_away, "optimised_away"},
    {WarningCode::failed, "failed"},
    {WarningCode::run_unfinished, "run_unfinished"},
    {WarningCode::unsteady_score, "unsteady_score"},
    {WarningCode::unsteady_forks, "unsteady_forks"},
    {WarningCode::slowdown, "slowdown"},
    {WarningCode::steady_unchecked, "steady_unchecked"},
    {WarningCode::slow_start, "slow_start"},
    {WarningCode::slow_start_unbounded, "slow_start_unbounded"},
    {WarningCode::slow_start_unchecked, "slow_start_unchecked"},
    {WarningCode::two_modes, "two_modes"},
    {WarningCode::process_dependent, "process_dependent"},
    {WarningCode::forks_far_apart, "forks_far_apart"},
    {WarningCode::disturbed_samples, "disturbed_samples"},
    {WarningCode::score_disturbed, "score_disturbed"},
    {WarningCode::machine_drift, "machine_drift"},
    {WarningCode::machine_busy, "machine_busy"},
    {WarningCode::target_not_reached, "target_not_reached"},
    {WarningCode::forks_below_minimum, "forks_below_minimum"},
    {WarningCode::no_interval, "no_interval"},
    {WarningCode::timer_cost, "timer_cost"},
    {WarningCode::coarse_clock, "coarse_clock"},
    {WarningCode::waits, "waits"},
    {WarningCode::fresh_memory, "fresh_memory"},
    {WarningCode::teardown, "teardown"},
    {WarningCode::major_faults, "major_faults"},
    {WarningCode::stale_input, "stale_input"},
    {WarningCode::profiler, "profiler"},
    {WarningCode::threads_apart, "threads_apart"},
    {WarningCode::unclassified, "unclassified"},
};

constexpr EnumName<Severity> kSeverities[] = {
    {Severity::unusable, "unusable"}, {Severity::caution, "caution"}, {Severity::note, "note"}};

static_assert(rows_distinct(kWarningCodes) && rows_distinct(kSeverities));

constexpr auto kCodes = values_in(kWarningCodes);

}  // namespace

std::span<const WarningCode> warning_codes() { return kCodes; }

const char* warning_code_name(WarningCode code) { return name_in(kWarningCodes, code, "unclassified"); }
std::optional<WarningCode> parse_warning_code(std::string_view name) { return value_in(kWarningCodes, name); }

const char* severity_name(Severity severity) { return name_in(kSeverities, severity, "caution"); }
std::optional<Severity> parse_severity(std::string_view name) { return value_in(kSeverities, name); }

}  // namespace tare::report
