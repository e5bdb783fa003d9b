// The names the results JSON and the console give the results model's enums, and the way
// back from a name (reading a results file). The names are the schema's: they never change.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "results/results.hpp"
#include "tare/mode.hpp"

namespace tare::report {

/// "avgt", "thrpt", "sample", "ss" (JMH's names; --mode takes them too).
const char* mode_name(Mode mode);
/// nullopt for a name that is none of mode_name's.
std::optional<Mode> parse_mode(std::string_view name);
/// What a score in this mode is counted in: "ops/s" for throughput, "ns/op" otherwise.
const char* mode_unit(Mode mode);

/// "flat", "warmup", "slowdown", "no steady state", "unchecked", "single shot".
const char* steady_class_name(results::SteadyClass steady_class);
/// nullopt for a name that is none of steady_class_name's.
std::optional<results::SteadyClass> parse_steady_class(std::string_view name);

/// "target-ci", "budget", "max-forks", "failed", "skipped", "interrupted", "in progress";
/// "" for StopReason::none (the JSON writes null).
const char* stop_reason_name(results::StopReason reason);
/// StopReason::none for "" ; nullopt for a name that is none of stop_reason_name's.
std::optional<results::StopReason> parse_stop_reason(std::string_view name);

/// "machine speed", "shrunk", "own history": where a benchmark's spread between runs came from.
const char* spread_source_name(results::SpreadSource source);
/// nullopt for a name that is none of spread_source_name's.
std::optional<results::SpreadSource> parse_spread_source(std::string_view name);

/// "rusage", "alloc", "perf", "instructions", "asm" (--prof takes them too).
const char* profiler_name(results::Profiler profiler);
/// Every profiler's name, in the order the messages list them: "rusage, alloc, perf, instructions, asm".
std::string profiler_names();
/// nullopt for a name that is none of profiler_name's.
std::optional<results::Profiler> parse_profiler(std::string_view name);

/// "governor", "turbo", "smt", "transparent_hugepages", "aslr", "isolation", "clocksource",
/// "steal", "perf_events", "load": what `tare system` checks.
const char* system_check_name(results::SystemCheck check);
/// nullopt for a name that is none of system_check_name's.
std::optional<results::SystemCheck> parse_system_check(std::string_view name);

/// "ready", "attention", "unknown".
const char* readiness_name(results::Readiness readiness);
/// nullopt for a name that is none of readiness_name's.
std::optional<results::Readiness> parse_readiness(std::string_view name);

}  // namespace tare::report
