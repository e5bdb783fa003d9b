// Whether the machine is ready to benchmark, one check at a time (system/readiness.hpp
// judges them; `tare system` prints them, and every run's context keeps their summary).
// The JSON and the console name the enums (report/enum_names.hpp).
#pragma once

#include <string>

namespace tare::results {

/// What is checked: "governor", "turbo", "smt", "transparent_hugepages", "aslr",
/// "isolation", "clocksource", "steal", "perf_events", "load".
enum class SystemCheck { governor, turbo, smt, transparent_hugepages, aslr, isolation, clocksource, steal, perf_events, load };

/// "ready": nothing to change; "attention": the numbers are worse for it and a command
/// changes it; "unknown": nothing to read (a container, a VM, another architecture).
enum class Readiness { ready, attention, unknown };

/// A check's outcome as a run's context keeps it: the state read, in a few words.
struct SystemState {
  SystemCheck check = SystemCheck::governor;
  Readiness readiness = Readiness::unknown;
  std::string state;  ///< "powersave", "2 threads per core", "" when unknown
  friend bool operator==(const SystemState&, const SystemState&) = default;
};

}  // namespace tare::results
