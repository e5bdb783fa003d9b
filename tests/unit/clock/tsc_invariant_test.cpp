// The cpuinfo half of the invariant-TSC test, on sample texts.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "clock/tsc_invariant.hpp"
#include "tare/detail/ticks.hpp"  // TARE_HAS_TSC

namespace {

using tare::clock::tsc_invariant_from_cpuinfo;

constexpr const char* kIntel =
    "processor\t: 0\n"
    "vendor_id\t: GenuineIntel\n"
    "model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz\n"
    "flags\t\t: fpu vme de pse tsc msr pae constant_tsc arch_perfmon rep_good nopl "
    "xtopology nonstop_tsc cpuid aperfmperf tsc_known_freq pni\n"
    "bugs\t\t: cpu_meltdown spectre_v1\n"
    "\n"
    "processor\t: 1\n"
    "flags\t\t: fpu vme de pse tsc msr pae constant_tsc nonstop_tsc\n";

TEST(TscInvariantFromCpuinfo, BothFlagsMeanInvariant) { EXPECT_TRUE(tsc_invariant_from_cpuinfo(kIntel)); }

TEST(TscInvariantFromCpuinfo, ConstantWithoutNonstopIsNotInvariant) {
  EXPECT_FALSE(tsc_invariant_from_cpuinfo("flags\t\t: fpu tsc constant_tsc rep_good\n"));
}

TEST(TscInvariantFromCpuinfo, NonstopWithoutConstantIsNotInvariant) {
  EXPECT_FALSE(tsc_invariant_from_cpuinfo("flags\t\t: fpu tsc nonstop_tsc\n"));
}

TEST(TscInvariantFromCpuinfo, FlagsMatchAsWholeWordsOnly) {
  // nonstop_tsc_s3 is a different flag; it must not pass for nonstop_tsc.
  EXPECT_FALSE(tsc_invariant_from_cpuinfo("flags\t\t: constant_tsc nonstop_tsc_s3 xconstant_tsc\n"));
}

TEST(TscInvariantFromCpuinfo, OnlyTheFlagsLineCounts) {
  EXPECT_FALSE(tsc_invariant_from_cpuinfo(
      "model name\t: constant_tsc nonstop_tsc\n"
      "flags\t\t: fpu tsc\n"));
}

TEST(TscInvariantFromCpuinfo, LastLineWithoutNewline) {
  EXPECT_TRUE(tsc_invariant_from_cpuinfo("processor : 0\nflags : nonstop_tsc constant_tsc"));
}

TEST(TscInvariantFromCpuinfo, NonX86AndEmptyTextsAreNotInvariant) {
  EXPECT_FALSE(tsc_invariant_from_cpuinfo(""));
  EXPECT_FALSE(tsc_invariant_from_cpuinfo(
      "processor\t: 0\n"
      "BogoMIPS\t: 50.00\n"
      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n"
      "CPU implementer\t: 0x41\n"));
}

TEST(TscInvariant, AgreesWithTheKernelsFlags) {
  if (!TARE_HAS_TSC) {
    EXPECT_FALSE(tare::clock::tsc_invariant());
    return;
  }
  // CPUID may say yes when cpuinfo does not list the flags, never the other way round.
  std::ifstream in("/proc/cpuinfo");
  std::ostringstream text;
  text << in.rdbuf();
  if (tsc_invariant_from_cpuinfo(text.str())) {
    EXPECT_TRUE(tare::clock::tsc_invariant());
  }
}

}  // namespace
