// Warnings about the machine. Each names the fact, its value, and what it does to the
// numbers, so the reader can decide whether to fix the machine or discount the result.
#include "system/machine_warnings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace tare::system {
namespace {

void add_once(results::Context& ctx, std::string warning) {
  if (std::find(ctx.warnings.begin(), ctx.warnings.end(), warning) == ctx.warnings.end())
    ctx.warnings.push_back(std::move(warning));
}

// A load above this fraction of the cores means other work is likely to share a core with
// the benchmark (or steal its time slices) for part of the run.
constexpr double kBusyLoadPerCore = 0.75;
// Measured CPU use by others, in cores, above which the benchmark likely shares its core.
constexpr double kBusyCores = 0.25;
// Steal above this share of the CPU time is time the samples may include (as `tare system` judges it).
constexpr double kStealWarningShare = 0.01;

}  // namespace

void add_machine_warnings(results::Context& ctx) {
  if (ctx.aslr == 0)
    add_once(ctx, "ASLR is disabled (randomize_va_space=0): memory-layout luck is not sampled across forks");
  else if (ctx.aslr == 1)
    add_once(ctx,
             "ASLR is partial (randomize_va_space=1): the heap start is not randomised, so heap-layout "
             "luck is not sampled across forks");

  const std::string& governor = ctx.cpu.scaling_governor;
  if (!governor.empty() && governor != "performance")
    add_once(ctx, "CPU frequency governor is '" + governor +
                      "', not 'performance': scores depend on frequency scaling");

  if (ctx.cpu.turbo == true)
    add_once(ctx,
             "turbo boost is enabled: the clock speed depends on temperature and on how many cores are "
             "busy, so scores drift during the run");

  if (ctx.busy_cores >= 0) {
    if (ctx.busy_cores > kBusyCores)
      add_once(ctx, "machine busy: other processes used " + format_number(ctx.busy_cores) + " of " +
                        std::to_string(ctx.cpu.cores) + (ctx.cpu.cores == 1 ? " core" : " cores") +
                        " during the run");
  } else if (ctx.cpu.cores > 0 && ctx.load_average_1m > kBusyLoadPerCore * ctx.cpu.cores)
    add_once(ctx, "machine busy: load average " + format_number(ctx.load_average_1m) + " on " +
                      std::to_string(ctx.cpu.cores) + (ctx.cpu.cores == 1 ? " core" : " cores") +
                      " before the run");

  if (ctx.build.debug)
    add_once(ctx, "the tare library was built without optimisation (" +
                      (ctx.build.type.empty() ? std::string("debug") : ctx.build.type) +
                      "): its own overhead between samples is higher; timed loops are unaffected");

  const std::string& source = ctx.clock.clocksource;
  if (source == "hpet" || source == "acpi_pm")
    add_once(ctx, "clocksource is '" + source + "': clock_gettime is a system call and costs ~1 µs");

  if (ctx.steal_share > kStealWarningShare)
    add_once(ctx, "the hypervisor gave " + format_number(100 * ctx.steal_share) +
                      "% of the CPU time to other guests during the run (steal): samples include it");

  const std::string& hypervisor = ctx.virtualization;
  if (!hypervisor.empty() && hypervisor != "none")
    add_once(ctx, "running under " + (hypervisor == "unknown hypervisor" ? "an unknown hypervisor" : hypervisor) +
                      ": timings include virtualisation noise; hardware counters may be unavailable");
}

std::string format_number(double value) {
  if (!std::isfinite(value)) return value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", value);
  std::string result(text);
  // "1.90" -> "1.9", "2.00" -> "2": the message reads like the kernel's own figure.
  while (result.back() == '0') result.pop_back();
  if (result.back() == '.') result.pop_back();
  if (result == "-0") result = "0";
  return result;
}

}  // namespace tare::system
