// /proc/cpuinfo as an x86 and an ARM machine write it: the texts the clock's scanner
// (clock/cpuinfo) and system's readers of the model and processor count are tested on.
#pragma once

namespace tare_test {

inline constexpr const char* kX86Cpuinfo =
    "processor\t: 0\n"
    "vendor_id\t: AuthenticAMD\n"
    "model name\t: AMD EPYC 7B13 64-Core Processor\n"
    "flags\t\t: fpu vme tsc constant_tsc nonstop_tsc hypervisor lahf_lm\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: AMD EPYC 7B13 64-Core Processor\n"
    "flags\t\t: fpu vme tsc constant_tsc nonstop_tsc hypervisor lahf_lm\n";

inline constexpr const char* kArmCpuinfo =
    "processor\t: 0\n"
    "BogoMIPS\t: 108.00\n"
    "Features\t: fp asimd evtstrm crc32 cpuid\n"
    "\n"
    "processor\t: 1\n"
    "BogoMIPS\t: 108.00\n"
    "\n"
    "Hardware\t: BCM2835\n";

}  // namespace tare_test
