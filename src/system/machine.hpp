// The context a run is reported with: which machine, which build, which clock, and what
// about them could distort the numbers. Facts come from /proc and /sys (read under a root
// directory so tests can hand in a fake tree) and, for the hypervisor, from CPUID.
#pragma once

#include <chrono>
#include <filesystem>

#include "results/results.hpp"

namespace tare::system {

/// Fills date (UTC, ISO 8601 with 'Z'), host, executable, tare_version, build, cpu (model,
/// online cores, governor, turbo), aslr, load_average_1m and virtualization from the files
/// under `root`. A missing file leaves its field at the "unknown" default of
/// results::Context. CPUID (and the live fallbacks of gethostname/sysconf) are consulted only
/// when `root` is the real "/", since only then do the files describe this machine.
void describe_machine(results::Context& ctx, const std::filesystem::path& root = "/");

/// Fills ctx.clock from the active clock (clock::select_best must have run): its name,
/// characterisation, TSC rate and the kernel's clocksource.
void describe_clock(results::Context& ctx);

/// Appends a specific warning to ctx.warnings for each fact in ctx that makes the numbers
/// less trustworthy (ASLR off, a governor other than performance, turbo, a busy machine, a
/// system-call clocksource, a hypervisor). Reads only ctx; calling it twice adds nothing new.
void add_machine_warnings(results::Context& ctx);

/// How many cores' worth of CPU time the rest of the machine used over `window`, measured
/// from /proc/stat while this process sleeps; -1 when unreadable. A load average trails by
/// minutes (and counts the previous benchmark run); this says what is happening now.
double measure_busy_cores(std::chrono::milliseconds window);

/// CPUs online now (/sys/devices/system/cpu/online, else sysconf), at least 1.
int online_cpus();

/// How the tare library itself was compiled (compiler, flags, CMake build type, debug).
results::Context::Build build_info();

/// This tare's version ("0.1.0"), as the project declares it.
std::string tare_version();

}  // namespace tare::system
