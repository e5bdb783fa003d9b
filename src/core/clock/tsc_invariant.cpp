// Whether the TSC can be trusted as a clock: it must tick at a constant rate regardless of
// the core's frequency (constant_tsc) and keep ticking in deep C-states (nonstop_tsc).
// Either the CPU says so (CPUID) or the kernel does (cpuinfo flags); a hypervisor may hide
// the CPUID bit while the kernel still knows, hence both.
#include "clock/tsc_invariant.hpp"

#include <string_view>

#include "clock/cpuinfo.hpp"
#include "tare/detail/ticks.hpp"
#include "text/read_file.hpp"

#if TARE_HAS_TSC
#include <cpuid.h>
#endif

namespace tare::clock {
namespace {

bool cpuid_invariant_tsc() {
#if TARE_HAS_TSC
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  // __get_cpuid checks the maximum extended leaf first and fails when 0x80000007 is absent.
  if (__get_cpuid(0x80000007u, &eax, &ebx, &ecx, &edx) == 0) return false;
  return (edx & (1u << 8)) != 0;
#else
  return false;
#endif
}

}  // namespace

bool tsc_invariant_from_cpuinfo(std::string_view cpuinfo_text) {
  return cpuinfo_has_flag(cpuinfo_text, "constant_tsc") && cpuinfo_has_flag(cpuinfo_text, "nonstop_tsc");
}

bool tsc_invariant() {
  if (!TARE_HAS_TSC) return false;
  return cpuid_invariant_tsc() || tsc_invariant_from_cpuinfo(text::read_file("/proc/cpuinfo").value_or(""));
}

}  // namespace tare::clock
