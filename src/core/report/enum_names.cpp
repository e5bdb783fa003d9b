#include "report/enum_names.hpp"

#include <string>

#include "report/enum_table.hpp"

namespace tare::report {
namespace {

using results::Profiler;
using results::SpreadSource;
using results::SteadyClass;
using results::StopReason;

constexpr EnumName<Mode> kModes[] = {
    {Mode::avgt, "avgt"}, {Mode::thrpt, "thrpt"}, {Mode::sample, "sample"}, {Mode::ss, "ss"}};

constexpr EnumName<SteadyClass> kSteadyClasses[] = {
    {SteadyClass::flat, "flat"},
    {SteadyClass::warmup, "warmup"},
    {SteadyClass::slowdown, "slowdown"},
    {SteadyClass::no_steady_state, "no steady state"},
    {SteadyClass::unchecked, "unchecked"},
    {SteadyClass::single_shot, "single shot"},
};

constexpr EnumName<StopReason> kStopReasons[] = {
    {StopReason::none, ""},
    {StopReason::target_ci, "target-ci"},
    {StopReason::budget, "budget"},
    {StopReason::max_forks, "max-forks"},
    {StopReason::failed, "failed"},
    {StopReason::skipped, "skipped"},
    {StopReason::interrupted, "interrupted"},
    {StopReason::in_progress, "in progress"},
};

constexpr EnumName<SpreadSource> kSpreadSources[] = {
    {SpreadSource::machine_speed, "machine speed"},
    {SpreadSource::shrunk, "shrunk"},
    {SpreadSource::own_history, "own history"},
};

// In the order the messages list them (profiler_names), not the enum's.
constexpr EnumName<Profiler> kProfilers[] = {
    {Profiler::rusage, "rusage"},
    {Profiler::alloc, "alloc"},
    {Profiler::perf, "perf"},
    {Profiler::instructions, "instructions"},
    {Profiler::disassembly, "asm"},
};

constexpr EnumName<results::SystemCheck> kSystemChecks[] = {
    {results::SystemCheck::governor, "governor"},
    {results::SystemCheck::turbo, "turbo"},
    {results::SystemCheck::smt, "smt"},
    {results::SystemCheck::transparent_hugepages, "transparent_hugepages"},
    {results::SystemCheck::aslr, "aslr"},
    {results::SystemCheck::isolation, "isolation"},
    {results::SystemCheck::clocksource, "clocksource"},
    {results::SystemCheck::steal, "steal"},
    {results::SystemCheck::perf_events, "perf_events"},
    {results::SystemCheck::load, "load"},
};

constexpr EnumName<results::Readiness> kReadiness[] = {
    {results::Readiness::ready, "ready"},
    {results::Readiness::attention, "attention"},
    {results::Readiness::unknown, "unknown"},
};

static_assert(rows_distinct(kModes) && rows_distinct(kSteadyClasses) && rows_distinct(kStopReasons) &&
              rows_distinct(kSpreadSources) && rows_distinct(kProfilers) && rows_distinct(kSystemChecks) &&
              rows_distinct(kReadiness));

}  // namespace

const char* mode_name(Mode mode) { return name_in(kModes, mode, "?"); }
std::optional<Mode> parse_mode(std::string_view name) { return value_in(kModes, name); }
const char* mode_unit(Mode mode) { return mode == Mode::thrpt ? "ops/s" : "ns/op"; }

const char* steady_class_name(SteadyClass steady_class) { return name_in(kSteadyClasses, steady_class, "unchecked"); }
std::optional<SteadyClass> parse_steady_class(std::string_view name) { return value_in(kSteadyClasses, name); }

const char* stop_reason_name(StopReason reason) { return name_in(kStopReasons, reason, ""); }
std::optional<StopReason> parse_stop_reason(std::string_view name) { return value_in(kStopReasons, name); }

const char* spread_source_name(SpreadSource source) { return name_in(kSpreadSources, source, "machine speed"); }
std::optional<SpreadSource> parse_spread_source(std::string_view name) { return value_in(kSpreadSources, name); }

const char* profiler_name(Profiler profiler) { return name_in(kProfilers, profiler, ""); }
std::optional<Profiler> parse_profiler(std::string_view name) { return value_in(kProfilers, name); }

const char* system_check_name(results::SystemCheck check) { return name_in(kSystemChecks, check, "?"); }
std::optional<results::SystemCheck> parse_system_check(std::string_view name) { return value_in(kSystemChecks, name); }

const char* readiness_name(results::Readiness readiness) { return name_in(kReadiness, readiness, "unknown"); }
std::optional<results::Readiness> parse_readiness(std::string_view name) { return value_in(kReadiness, name); }

std::string profiler_names() {
  std::string names;
  for (const auto& [profiler, name] : kProfilers) {
    if (!names.empty()) names += ", ";
    names += name;
  }
  return names;
}

}  // namespace tare::report
