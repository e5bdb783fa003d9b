// Whether the TSC can be trusted as a clock: it must tick at a constant rate regardless of
// the core's frequency (constant_tsc) and keep ticking in deep C-states (nonstop_tsc).
// Either the CPU says so (CPUID) or the kernel does (cpuinfo flags); a hypervisor may hide
// the CPUID bit while the kernel still knows, hence both.
#include <string_view>

#include "clock/clock.hpp"
#include "text/read_file.hpp"

#if TARE_HAS_TSC
#include <cpuid.h>
#endif

namespace tare::clock {
namespace {

bool has_word(std::string_view text, std::string_view word) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t begin = text.find_first_not_of(" \t", pos);
    if (begin == std::string_view::npos) break;
    const std::size_t end = std::min(text.find_first_of(" \t", begin), text.size());
    if (text.substr(begin, end - begin) == word) return true;
    pos = end;
  }
  return false;
}

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
  // Every processor block repeats the flags; the first one speaks for all.
  std::size_t line_begin = 0;
  while (line_begin < cpuinfo_text.size()) {
    std::size_t line_end = cpuinfo_text.find('\n', line_begin);
    if (line_end == std::string_view::npos) line_end = cpuinfo_text.size();
    const std::string_view line = cpuinfo_text.substr(line_begin, line_end - line_begin);
    const std::size_t colon = line.find(':');
    if (colon != std::string_view::npos) {
      std::string_view key = line.substr(0, colon);
      while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
      if (key == "flags") {
        const std::string_view flags = line.substr(colon + 1);
        return has_word(flags, "constant_tsc") && has_word(flags, "nonstop_tsc");
      }
    }
    line_begin = line_end + 1;
  }
  return false;
}

bool tsc_invariant() {
  if (!TARE_HAS_TSC) return false;
  return cpuid_invariant_tsc() || tsc_invariant_from_cpuinfo(text::read_file("/proc/cpuinfo").value_or(""));
}

}  // namespace tare::clock
