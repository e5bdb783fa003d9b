// The one /proc/cpuinfo scanner (the clock reads its flags, system/ its model), on literal texts.
#include <gtest/gtest.h>

#include "clock/cpuinfo.hpp"

namespace {

constexpr const char* kX86Cpuinfo =
    "processor\t: 0\n"
    "vendor_id\t: AuthenticAMD\n"
    "model name\t: AMD EPYC 7B13 64-Core Processor\n"
    "flags\t\t: fpu vme tsc constant_tsc nonstop_tsc hypervisor lahf_lm\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: AMD EPYC 7B13 64-Core Processor\n"
    "flags\t\t: fpu vme tsc constant_tsc nonstop_tsc hypervisor lahf_lm\n";

constexpr const char* kArmCpuinfo =
    "processor\t: 0\n"
    "BogoMIPS\t: 108.00\n"
    "Features\t: fp asimd evtstrm crc32 cpuid\n"
    "\n"
    "processor\t: 1\n"
    "BogoMIPS\t: 108.00\n"
    "\n"
    "Hardware\t: BCM2835\n";

TEST(Cpuinfo, Field) {
  EXPECT_EQ(tare::clock::cpuinfo_field(kX86Cpuinfo, "vendor_id"), "AuthenticAMD");
  EXPECT_EQ(tare::clock::cpuinfo_field(kX86Cpuinfo, "processor"), "0");  // the first one
  EXPECT_FALSE(tare::clock::cpuinfo_field(kX86Cpuinfo, "model").has_value());  // whole keys only
  EXPECT_FALSE(tare::clock::cpuinfo_field("", "flags").has_value());
}

TEST(Cpuinfo, HasFlagMatchesWholeWords) {
  EXPECT_TRUE(tare::clock::cpuinfo_has_flag(kX86Cpuinfo, "hypervisor"));
  EXPECT_TRUE(tare::clock::cpuinfo_has_flag(kX86Cpuinfo, "fpu"));      // first word
  EXPECT_TRUE(tare::clock::cpuinfo_has_flag(kX86Cpuinfo, "lahf_lm"));  // last word
  EXPECT_FALSE(tare::clock::cpuinfo_has_flag(kX86Cpuinfo, "hyper"));
  EXPECT_FALSE(tare::clock::cpuinfo_has_flag(kX86Cpuinfo, "constant"));
  EXPECT_FALSE(tare::clock::cpuinfo_has_flag(kArmCpuinfo, "fp"));  // ARM has "Features", not "flags"
}

}  // namespace
