// The context a run is reported with: which machine, which build, which clock, and what
// about them could distort the numbers. Facts come from /proc and /sys (read under a root
// directory so tests can hand in a fake tree) and, for the hypervisor, from CPUID.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>

#include "results/results.hpp"
#include "system/parse.hpp"

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

/// How many cores' worth of CPU the rest of the machine uses while this process works: the
/// busy time /proc/stat counts over a span, less what this process and its children (the
/// workers, once reaped) used in it. Measured over the run itself, at no cost to it: a load
/// average trails by minutes (and counts the previous benchmark run), and a window taken
/// before the run would be time spent waiting.
class OtherLoad {
 public:
  /// The span starts.
  OtherLoad();
  /// Cores' worth of CPU the rest of the machine used since the span started; -1 when
  /// unreadable or the span was too short to say (every child started must be reaped).
  double cores() const;

  static constexpr double kShortestSpanSeconds = 0.1;

 private:
  std::optional<parse::CpuTimes> start_;
  double own_start_s_ = 0;
  std::chrono::steady_clock::time_point wall_start_;
};

/// CPUs online now (/sys/devices/system/cpu/online, else sysconf), at least 1.
int online_cpus();

/// How the tare library itself was compiled (compiler, flags, CMake build type, debug).
results::Context::Build build_info();

/// This tare's version ("0.1.0"), as the project declares it.
std::string tare_version();

}  // namespace tare::system
