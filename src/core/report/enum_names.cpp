#include "report/enum_names.hpp"

#include <string>
#include <vector>

namespace tare::report {

const char* mode_name(Mode mode) {
  switch (mode) {
    case Mode::avgt: return "avgt";
    case Mode::thrpt: return "thrpt";
    case Mode::sample: return "sample";
    case Mode::ss: return "ss";
  }
  return "?";
}

std::optional<Mode> parse_mode(std::string_view name) {
  for (const Mode mode : {Mode::avgt, Mode::thrpt, Mode::sample, Mode::ss})
    if (name == mode_name(mode)) return mode;
  return std::nullopt;
}

const char* mode_unit(Mode mode) { return mode == Mode::thrpt ? "ops/s" : "ns/op"; }
namespace {

constexpr results::SteadyClass kEverySteadyClass[] = {
    results::SteadyClass::flat,     results::SteadyClass::warmup,    results::SteadyClass::slowdown,
    results::SteadyClass::no_steady_state, results::SteadyClass::unchecked, results::SteadyClass::single_shot};

constexpr results::StopReason kEveryStopReason[] = {
    results::StopReason::none,   results::StopReason::target_ci,   results::StopReason::budget,
    results::StopReason::max_forks, results::StopReason::failed,   results::StopReason::skipped,
    results::StopReason::interrupted, results::StopReason::in_progress};

}  // namespace

const char* steady_class_name(results::SteadyClass steady_class) {
  switch (steady_class) {
    case results::SteadyClass::flat: return "flat";
    case results::SteadyClass::warmup: return "warmup";
    case results::SteadyClass::slowdown: return "slowdown";
    case results::SteadyClass::no_steady_state: return "no steady state";
    case results::SteadyClass::unchecked: return "unchecked";
    case results::SteadyClass::single_shot: return "single shot";
  }
  return "unchecked";
}

std::optional<results::SteadyClass> parse_steady_class(std::string_view name) {
  for (const auto c : kEverySteadyClass)
    if (name == steady_class_name(c)) return c;
  return std::nullopt;
}

const char* stop_reason_name(results::StopReason reason) {
  switch (reason) {
    case results::StopReason::none: return "";
    case results::StopReason::target_ci: return "target-ci";
    case results::StopReason::budget: return "budget";
    case results::StopReason::max_forks: return "max-forks";
    case results::StopReason::failed: return "failed";
    case results::StopReason::skipped: return "skipped";
    case results::StopReason::interrupted: return "interrupted";
    case results::StopReason::in_progress: return "in progress";
  }
  return "";
}

std::optional<results::StopReason> parse_stop_reason(std::string_view name) {
  for (const auto r : kEveryStopReason)
    if (name == stop_reason_name(r)) return r;
  return std::nullopt;
}

const char* profiler_name(results::Profiler profiler) {
  switch (profiler) {
    case results::Profiler::rusage: return "rusage";
    case results::Profiler::instructions: return "instructions";
    case results::Profiler::perf: return "perf";
    case results::Profiler::alloc: return "alloc";
    case results::Profiler::disassembly: return "asm";
  }
  return "";
}

std::string profiler_names() {
  std::string names;
  for (const auto profiler : kProfilers) {
    if (!names.empty()) names += ", ";
    names += profiler_name(profiler);
  }
  return names;
}

std::optional<results::Profiler> parse_profiler(std::string_view name) {
  for (const auto profiler : kProfilers)
    if (name == profiler_name(profiler)) return profiler;
  return std::nullopt;
}

}  // namespace tare::report
