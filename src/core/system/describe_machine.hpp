// The context a run is reported with: which machine and what about it could distort the
// numbers. Facts come from /proc and /sys (read under a root directory so tests can hand in
// a fake tree) and, for the hypervisor, from CPUID.
#pragma once

#include <ctime>
#include <filesystem>
#include <string>

#include "results/results.hpp"

namespace tare::system {

/// Fills date (UTC, ISO 8601 with 'Z'), host, executable, tare_version, build, cpu (model,
/// online cores, governor, turbo), aslr, load_average_1m and virtualization from the files
/// under `root`. A missing file leaves its field at the "unknown" default of
/// results::Context. CPUID (and the live fallbacks of gethostname/sysconf) are consulted only
/// when `root` is the real "/", since only then do the files describe this machine.
void describe_machine(results::Context& ctx, const std::filesystem::path& root = "/");

/// CPUs online now (/sys/devices/system/cpu/online, else sysconf), at least 1.
int online_cpus();

/// "2024-05-01T12:34:56Z".
std::string iso8601_utc(std::time_t time);

}  // namespace tare::system
