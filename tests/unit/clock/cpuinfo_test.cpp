// The one /proc/cpuinfo scanner (the clock reads its flags, system/ its model), on literal texts.
#include <gtest/gtest.h>

#include "clock/cpuinfo.hpp"

#include "support/cpuinfo_samples.hpp"

namespace {

using tare_test::kArmCpuinfo;
using tare_test::kX86Cpuinfo;

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
