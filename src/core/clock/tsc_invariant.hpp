// Whether the TSC can be trusted as a clock (an "invariant" TSC), from CPUID or cpuinfo.
#pragma once

#include <string_view>

namespace tare::clock {

/// Whether the TSC ticks at a constant rate through frequency changes and deep sleep
/// states (an "invariant" TSC): CPUID 0x80000007 EDX bit 8, or the kernel's cpuinfo flags
/// constant_tsc + nonstop_tsc. Always false where there is no TSC.
bool tsc_invariant();

/// The cpuinfo half of tsc_invariant(): true when the first "flags" line carries both
/// constant_tsc and nonstop_tsc (as whole words). Pure, for tests.
bool tsc_invariant_from_cpuinfo(std::string_view cpuinfo_text);

}  // namespace tare::clock
