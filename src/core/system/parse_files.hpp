// The one-line kernel files describe_machine and the schedulers read: CPU lists, integers,
// the load average, /proc/stat's CPU times, turbo switches, a thread's schedstat. Pure, kept
// apart from the reading so each rule can be tested on literal text.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tare::system::parse {

/// Number of CPUs in a kernel CPU list such as "0-3,8,10-11" (7); nullopt if malformed.
std::optional<int> count_cpu_list(std::string_view list);

/// A whole integer file such as randomize_va_space ("2\n"); nullopt if not one.
std::optional<int> parse_int(std::string_view text);

/// The 1-minute figure of /proc/loadavg ("0.27 0.14 0.05 1/85 3624").
std::optional<double> load_average_1m(std::string_view loadavg);

/// Jiffies from the aggregate "cpu" line of /proc/stat: busy (all but idle and iowait),
/// steal (the hypervisor ran another guest; 0 where the kernel does not count it) and total.
struct CpuTimes {
  unsigned long long busy = 0;
  unsigned long long total = 0;
  unsigned long long steal = 0;
};
std::optional<CpuTimes> cpu_times(std::string_view proc_stat);

/// Whether turbo is on, from intel_pstate/no_turbo (which wins when readable: "1" means
/// off) or cpufreq/boost ("1" means on). Empty texts mean the file was unreadable.
std::optional<bool> turbo(std::string_view intel_no_turbo, std::string_view cpufreq_boost);

/// The choice in brackets of a kernel switch file such as transparent_hugepage/enabled
/// ("always [madvise] never" -> "madvise"); nullopt when none is bracketed.
std::optional<std::string_view> bracketed_choice(std::string_view text);

/// The first two fields of /proc/<pid>/task/<tid>/schedstat ("123456 7890 42"): time on a
/// CPU and time runnable but waiting for one, in ns; nullopt when malformed.
struct Schedstat {
  std::int64_t cpu_ns = 0;
  std::int64_t wait_ns = 0;
};
std::optional<Schedstat> schedstat(std::string_view text);

}  // namespace tare::system::parse
