// Pure parsing of the kernel's text files and the other facts describe_machine gathers.
// Kept apart from the reading so each rule can be tested on literal text.
#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "text/split.hpp"

namespace tare::system::parse {

using text::trim;

/// Value of the first "key : value" line of a cpuinfo text (key matched exactly, after
/// trimming), trimmed; nullopt when no line has that key.
std::optional<std::string_view> cpuinfo_field(std::string_view cpuinfo, std::string_view key);

/// Whether the first x86 "flags" line lists `flag` as a whole word.
bool cpuinfo_has_flag(std::string_view cpuinfo, std::string_view flag);

/// CPU model: x86 "model name", else the names other architectures use; "" if none.
std::string cpu_model(std::string_view cpuinfo);

/// Number of "processor" entries in a cpuinfo text.
int count_processors(std::string_view cpuinfo);

/// Number of CPUs in a kernel CPU list such as "0-3,8,10-11" (7); nullopt if malformed.
std::optional<int> count_cpu_list(std::string_view list);

/// A whole integer file such as randomize_va_space ("2\n"); nullopt if not one.
std::optional<int> parse_int(std::string_view text);

/// The 1-minute figure of /proc/loadavg ("0.27 0.14 0.05 1/85 3624").
std::optional<double> load_average_1m(std::string_view loadavg);

/// Jiffies from the aggregate "cpu" line of /proc/stat: busy (all but idle and iowait) and total.
struct CpuTimes {
  unsigned long long busy = 0;
  unsigned long long total = 0;
};
std::optional<CpuTimes> cpu_times(std::string_view proc_stat);

/// Whether turbo is on, from intel_pstate/no_turbo (which wins when readable: "1" means
/// off) or cpufreq/boost ("1" means on). Empty texts mean the file was unreadable.
std::optional<bool> turbo(std::string_view intel_no_turbo, std::string_view cpufreq_boost);

/// Hypervisor name for a CPUID 0x40000000 vendor signature (12 bytes, trailing NULs
/// allowed): "kvm", "hyperv", "vmware", "xen", "qemu", "bhyve", "virtualbox", "acrn",
/// "parallels"; "" when not one of these.
std::string hypervisor_from_signature(std::string_view signature);

/// What is known about the hypervisor; the "available" fields say whether a source was read.
struct HypervisorEvidence {
  bool cpuid_available = false;  ///< CPUID was queried (x86, live machine)
  bool cpuid_hypervisor_bit = false;
  std::string cpuid_signature;
  bool cpuinfo_available = false;
  bool cpuinfo_hypervisor_flag = false;
  std::string sys_hypervisor_type;  ///< /sys/hypervisor/type, "" if absent
};

/// "kvm", "hyperv", ... for a known signature; else /sys/hypervisor/type; else
/// "unknown hypervisor" when CPUID or cpuinfo report one; "none" when a source was read and
/// says none; "" when there was nothing to read.
std::string virtualization(const HypervisorEvidence& evidence);

/// "2024-05-01T12:34:56Z".
std::string iso8601_utc(std::time_t time);

/// Whether a build is a debug build: CMake type "Debug", or compiled without optimisation.
bool is_debug_build(std::string_view build_type, bool optimized);

/// The first two fields of /proc/<pid>/task/<tid>/schedstat ("123456 7890 42"): time on a
/// CPU and time runnable but waiting for one, in ns; nullopt when malformed.
struct Schedstat {
  std::int64_t cpu_ns = 0;
  std::int64_t wait_ns = 0;
};
std::optional<Schedstat> schedstat(std::string_view text);

/// A number for a message: at most two decimals, no trailing zeros ("1.9", "2", "0.75").
std::string format_number(double value);

}  // namespace tare::system::parse
