// One rule per check: the state in a few words, what it does to tare's numbers, and the
// command that changes it (the part pyperf's `system tune` plays, said rather than done).
#include "system/readiness.hpp"

#include <cerrno>
#include <cstdio>

namespace tare::system {
namespace {

using results::Readiness;
using results::SystemCheck;

CheckOutcome check_outcome(SystemCheck check, Readiness readiness, std::string state, std::string meaning,
                     std::string fix = "") {
  return {{check, readiness, std::move(state)}, std::move(meaning), std::move(fix)};
}

CheckOutcome unknown_outcome(SystemCheck check, std::string why) {
  return check_outcome(check, Readiness::unknown, "", std::move(why));
}

std::string fixed_text(double value, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

CheckOutcome judge_governor(const SystemFacts& f) {
  if (f.governors.empty())
    return unknown_outcome(SystemCheck::governor, "no cpufreq here (a VM or container): the host sets the clock speed");
  std::string state;
  bool performance = true;
  for (const auto& g : f.governors) {
    state += (state.empty() ? "" : ", ") + g;
    performance = performance && g == "performance";
  }
  if (performance)
    return check_outcome(SystemCheck::governor, Readiness::ready, state, "the clock stays at its highest speed");
  return check_outcome(SystemCheck::governor, Readiness::attention, state,
                 "the clock speed follows the load: a fork's first samples run slower and scores depend on how "
                 "busy the CPU was just before",
                 "sudo cpupower frequency-set --governor performance");
}

CheckOutcome judge_turbo(const SystemFacts& f) {
  if (!f.turbo) return unknown_outcome(SystemCheck::turbo, "no turbo switch here (a VM, or a CPU without boost)");
  if (!*f.turbo) return check_outcome(SystemCheck::turbo, Readiness::ready, "off", "the clock speed does not depend on heat");
  return check_outcome(SystemCheck::turbo, Readiness::attention, "on",
                 "the clock speed depends on temperature and on how many cores are busy: scores drift within "
                 "and between runs",
                 f.turbo_switch == TurboSwitch::intel_pstate
                     ? "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo"
                     : "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost");
}

CheckOutcome judge_smt(const SystemFacts& f) {
  const bool siblings = f.threads_per_core.value_or(1) > 1;
  if (!f.smt_active && !f.threads_per_core) return unknown_outcome(SystemCheck::smt, "the CPU topology is not readable here");
  if (!f.smt_active.value_or(siblings))
    return check_outcome(SystemCheck::smt, Readiness::ready, "off", "no other hardware thread shares the benchmark's core");
  const std::string state =
      f.threads_per_core ? std::to_string(*f.threads_per_core) + " threads per core" : std::string("on");
  return check_outcome(SystemCheck::smt, Readiness::attention, state,
                 "a sibling hardware thread shares the core's execution units and caches: whatever runs there "
                 "slows the benchmark",
                 "echo off | sudo tee /sys/devices/system/cpu/smt/control");
}

CheckOutcome judge_hugepages(const SystemFacts& f) {
  if (!f.transparent_hugepages)
    return unknown_outcome(SystemCheck::transparent_hugepages, "transparent huge pages are not configurable here");
  const std::string& mode = *f.transparent_hugepages;
  if (mode != "always")
    return check_outcome(SystemCheck::transparent_hugepages, Readiness::ready, mode,
                   "memory gets huge pages only where the program asks for them");
  return check_outcome(SystemCheck::transparent_hugepages, Readiness::attention, mode,
                 "whether a benchmark's memory gets huge pages depends on fragmentation and khugepaged: the TLB "
                 "cost changes from fork to fork and run to run",
                 "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled");
}

CheckOutcome judge_aslr(const SystemFacts& f) {
  if (!f.aslr) return unknown_outcome(SystemCheck::aslr, "randomize_va_space is not readable here");
  const std::string state = "randomize_va_space=" + std::to_string(*f.aslr);
  // tare samples memory-layout luck across forks (and shifts layouts itself): full
  // randomisation is what it wants, unlike tools that disable ASLR to make runs repeat.
  if (*f.aslr == 2)
    return check_outcome(SystemCheck::aslr, Readiness::ready, state,
                   "every fork gets a fresh memory layout: layout luck is sampled across forks");
  return check_outcome(SystemCheck::aslr, Readiness::attention, state,
                 "forks share more of their memory layout: its luck is sampled less, and the interval can miss it",
                 "echo 2 | sudo tee /proc/sys/kernel/randomize_va_space");
}

CheckOutcome judge_isolation(const SystemFacts& f) {
  if (!f.isolated) return unknown_outcome(SystemCheck::isolation, "CPU isolation is not readable here");
  const std::string isolated = f.isolated->empty() ? "none" : *f.isolated;
  const std::string nohz = !f.nohz_full || f.nohz_full->empty() ? "none" : *f.nohz_full;
  const std::string state = "isolated " + isolated + ", nohz_full " + nohz;
  const char* fix =
      "boot with isolcpus=N nohz_full=N rcu_nocbs=N (kernel command line), then run the benchmark under taskset -c N";
  if (f.isolated->empty())
    return check_outcome(SystemCheck::isolation, Readiness::attention, state,
                   "the scheduler may put other tasks on the benchmark's CPU: their samples are set aside as "
                   "disturbed and the run takes longer",
                   fix);
  if (nohz == "none")
    return check_outcome(SystemCheck::isolation, Readiness::attention, state,
                   "isolated CPUs still take the timer tick: a small, regular interruption of every sample", fix);
  return check_outcome(SystemCheck::isolation, Readiness::ready, state,
                 "run the benchmark on the isolated CPUs (taskset -c) to keep other work off them");
}

CheckOutcome judge_clocksource(const SystemFacts& f) {
  if (!f.clocksource) return unknown_outcome(SystemCheck::clocksource, "the clocksource is not readable here");
  const std::string& source = *f.clocksource;
  if (source == "hpet" || source == "acpi_pm" || source == "jiffies" || source == "pit")
    return check_outcome(SystemCheck::clocksource, Readiness::attention, source,
                   "clock_gettime is a system call (~1 µs): timed calls cost more and short samples are coarse",
                   "echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource "
                   "(if available_clocksource lists tsc)");
  return check_outcome(SystemCheck::clocksource, Readiness::ready, source, "the clock is read without a system call");
}

// Steal above this share of the CPU time is time the benchmark's samples may include.
constexpr double kStealReadyShare = 0.01;

CheckOutcome judge_steal(const SystemFacts& f) {
  if (!f.steal_share) return unknown_outcome(SystemCheck::steal, "steal time was not measured");
  const std::string state = fixed_text(100 * *f.steal_share, "%.1f%% of CPU time");
  if (*f.steal_share <= kStealReadyShare)
    return check_outcome(SystemCheck::steal, Readiness::ready, state, "the hypervisor is not taking CPU time from this machine");
  return check_outcome(SystemCheck::steal, Readiness::attention, state,
                 "the hypervisor gives this machine's CPUs to other guests: samples include that time, and runs "
                 "disagree with each other",
                 "ask for dedicated CPUs (a dedicated host, or vCPUs pinned by the hypervisor)");
}

std::string counter_failure(int error) {
  switch (error) {
    case ENOENT:
    case EOPNOTSUPP:
      return "no hardware counters (no PMU: a VM without a virtual PMU)";
    case EACCES:
    case EPERM:
      return "hardware counters not permitted";
    case ENOSYS:
      return "no perf events in this kernel";
    default:
      return "hardware counters refused (errno " + std::to_string(error) + ")";
  }
}

CheckOutcome judge_perf_events(const SystemFacts& f) {
  const std::string paranoid =
      f.perf_paranoid ? "perf_event_paranoid=" + std::to_string(*f.perf_paranoid) : std::string("perf_event_paranoid unknown");
  if (!f.hardware_counter_errno) {
    if (!f.perf_paranoid) return unknown_outcome(SystemCheck::perf_events, "perf events are not readable here");
    return check_outcome(SystemCheck::perf_events, Readiness::unknown, paranoid, "whether counters open was not tried");
  }
  const int error = *f.hardware_counter_errno;
  if (error == 0) {
    const bool user_only = f.perf_paranoid.value_or(2) >= 2;
    return check_outcome(SystemCheck::perf_events, Readiness::ready, "hardware counters open, " + paranoid,
                   user_only ? "--prof perf counts cycles and instructions, in user space only"
                             : "--prof perf counts cycles and instructions, kernel included");
  }
  const bool no_pmu = error == ENOENT || error == EOPNOTSUPP || error == ENOSYS;
  return check_outcome(SystemCheck::perf_events, Readiness::attention, counter_failure(error) + ", " + paranoid,
                 "--prof perf cannot count cycles, instructions or cache misses here: software events only",
                 no_pmu ? "none on this machine: enable the virtual PMU in the VM's configuration, or use bare metal"
                        : "sudo sysctl kernel.perf_event_paranoid=1");
}

// Other processes' CPU above this share of the cores likely shares the benchmark's core
// (the threshold of the run's own warning, system/machine_warnings.cpp).
constexpr double kBusyShare = 0.75;

CheckOutcome judge_load(const SystemFacts& f) {
  const bool measured = f.busy_cores.has_value();
  const std::optional<double> used = measured ? f.busy_cores : f.load_1m;
  if (!used || f.cores <= 0) return unknown_outcome(SystemCheck::load, "the load is not readable here");
  const std::string state = fixed_text(*used, measured ? "%.2f cores busy with other work" : "load average %.2f") + " on " +
                            std::to_string(f.cores) + (f.cores == 1 ? " core" : " cores");
  // Measured over a run, a quarter of a core already means company; the load average
  // trails by minutes and counts the run before, so it is held to the looser bar.
  const double bar = measured ? 0.25 : kBusyShare * f.cores;
  if (*used <= bar) return check_outcome(SystemCheck::load, Readiness::ready, state, "the machine is otherwise quiet");
  return check_outcome(SystemCheck::load, Readiness::attention, state,
                 "other processes compete for the CPUs and caches: samples are disturbed and scores slower",
                 "stop other work (top -o %CPU shows it) before benchmarking");
}

}  // namespace

std::vector<CheckOutcome> assess_system(const SystemFacts& facts) {
  return {judge_governor(facts),   judge_turbo(facts), judge_smt(facts),   judge_hugepages(facts),   judge_aslr(facts),
          judge_isolation(facts),  judge_clocksource(facts), judge_steal(facts), judge_perf_events(facts), judge_load(facts)};
}

std::vector<results::SystemState> system_summary(const SystemFacts& facts) {
  std::vector<results::SystemState> summary;
  for (auto& check : assess_system(facts)) summary.push_back(std::move(check.summary));
  return summary;
}

}  // namespace tare::system
