// Is this machine ready to benchmark? The judgement alone: from the facts read (what
// read_system_facts found under /proc and /sys, and whether a hardware counter opened) to
// each check's readiness, what the state does to tare's numbers, and the command that
// changes it. Pure, so every rule is tested on literal facts; a fact not read is "unknown",
// never an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "results/system_check.hpp"

namespace tare::system {

/// Which switch turns turbo off here.
enum class TurboSwitch { intel_pstate, cpufreq_boost };

/// What the machine's files said; each fact absent when its file was missing or unreadable.
struct SystemFacts {
  int cores = 0;                                 ///< online CPUs; 0 unknown
  std::vector<std::string> governors;            ///< each online CPU's scaling_governor, distinct, sorted
  std::optional<bool> turbo;
  TurboSwitch turbo_switch = TurboSwitch::cpufreq_boost;
  std::optional<bool> smt_active;                ///< cpu/smt/active
  std::optional<int> threads_per_core;           ///< cpu0's thread_siblings_list
  std::optional<std::string> transparent_hugepages;  ///< the bracketed choice of .../enabled
  std::optional<int> aslr;                       ///< randomize_va_space
  std::optional<std::string> isolated;           ///< cpu/isolated: a CPU list, "" for none
  std::optional<std::string> nohz_full;          ///< cpu/nohz_full: a CPU list, "" for none
  std::optional<std::string> clocksource;        ///< current_clocksource
  std::optional<double> steal_share;             ///< of the CPU time over a window
  std::optional<int> perf_paranoid;              ///< kernel/perf_event_paranoid
  /// Opening a hardware counter (CPU cycles, this process, user space): 0 when it opened,
  /// else the errno; absent when not tried (not the live machine).
  std::optional<int> hardware_counter_errno;
  std::optional<double> load_1m;                 ///< the load average before the run
  std::optional<double> busy_cores;              ///< other processes' CPU measured over a run
};

/// One check's outcome, for `tare system`: the state read, what it means for tare's
/// numbers, and the command that changes it ("" when nothing needs changing or nothing can).
struct CheckOutcome {
  results::SystemState summary;
  std::string meaning;
  std::string fix;
};

/// Every check, in results::SystemCheck's order.
std::vector<CheckOutcome> assess_system(const SystemFacts& facts);

/// The summaries alone, as a run's context keeps them.
std::vector<results::SystemState> system_summary(const SystemFacts& facts);

}  // namespace tare::system
