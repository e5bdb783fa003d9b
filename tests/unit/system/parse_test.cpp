// The pure parsers and formats of the machine facts, on literal texts.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "system/build_info.hpp"
#include "system/describe_machine.hpp"
#include "system/machine_warnings.hpp"
#include "system/parse_cpuinfo.hpp"
#include "system/parse_files.hpp"
#include "system/parse_hypervisor.hpp"

#include "support/cpuinfo_samples.hpp"

namespace {

namespace parse = tare::system::parse;
using namespace std::string_literals;

using tare_test::kArmCpuinfo;
using tare_test::kX86Cpuinfo;

TEST(Parse, CpuModel) {
  EXPECT_EQ(parse::cpu_model(kX86Cpuinfo), "AMD EPYC 7B13 64-Core Processor");
  EXPECT_EQ(parse::cpu_model(kArmCpuinfo), "BCM2835");
  EXPECT_EQ(parse::cpu_model("processor : 0\n"), "");
}

TEST(Parse, CountProcessors) {
  EXPECT_EQ(parse::count_processors(kX86Cpuinfo), 2);
  EXPECT_EQ(parse::count_processors(kArmCpuinfo), 2);
  EXPECT_EQ(parse::count_processors(""), 0);
}

TEST(Parse, CountCpuList) {
  EXPECT_EQ(parse::count_cpu_list("0\n"), 1);
  EXPECT_EQ(parse::count_cpu_list("0-1\n"), 2);
  EXPECT_EQ(parse::count_cpu_list("0-3,8,10-11"), 7);
  EXPECT_FALSE(parse::count_cpu_list("").has_value());
  EXPECT_FALSE(parse::count_cpu_list("3-1").has_value());
  EXPECT_FALSE(parse::count_cpu_list("0-").has_value());
  EXPECT_FALSE(parse::count_cpu_list("0,").has_value());
  EXPECT_FALSE(parse::count_cpu_list("a-b").has_value());
}

TEST(Parse, ParseInt) {
  EXPECT_EQ(parse::parse_int("2\n"), 2);
  EXPECT_EQ(parse::parse_int(" 0 "), 0);
  EXPECT_FALSE(parse::parse_int("").has_value());
  EXPECT_FALSE(parse::parse_int("2x").has_value());
}

TEST(Parse, Schedstat) {
  const auto s = parse::schedstat("1234567 89012 42\n");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->cpu_ns, 1234567);
  EXPECT_EQ(s->wait_ns, 89012);
  EXPECT_TRUE(parse::schedstat("5 0"));  // two fields are enough
  EXPECT_FALSE(parse::schedstat(""));
  EXPECT_FALSE(parse::schedstat("5"));
  EXPECT_FALSE(parse::schedstat("x 1 2"));
  EXPECT_FALSE(parse::schedstat("-5 1 2"));
}

TEST(Parse, LoadAverage) {
  EXPECT_DOUBLE_EQ(*parse::load_average_1m("1.93 0.14 0.05 1/85 3624\n"), 1.93);
  EXPECT_DOUBLE_EQ(*parse::load_average_1m("0.00 0.00 0.00 1/1 1"), 0.0);
  EXPECT_FALSE(parse::load_average_1m("").has_value());
  EXPECT_FALSE(parse::load_average_1m("busy 1 2").has_value());
}

TEST(Parse, TurboFromIntelPstateWins) {
  EXPECT_EQ(parse::turbo("1\n", ""), false);
  EXPECT_EQ(parse::turbo("0\n", ""), true);
  EXPECT_EQ(parse::turbo("1\n", "1\n"), false);  // no_turbo is the one that applies
}

TEST(Parse, TurboFromCpufreqBoost) {
  EXPECT_EQ(parse::turbo("", "1\n"), true);
  EXPECT_EQ(parse::turbo("", "0\n"), false);
  EXPECT_EQ(parse::turbo("garbage", "0\n"), false);
}

TEST(Parse, TurboUnknown) {
  EXPECT_FALSE(parse::turbo("", "").has_value());
  EXPECT_FALSE(parse::turbo("7", "").has_value());
}

TEST(Parse, HypervisorSignatures) {
  EXPECT_EQ(parse::hypervisor_from_signature("KVMKVMKVM\0\0\0"s), "kvm");
  EXPECT_EQ(parse::hypervisor_from_signature("Microsoft Hv"), "hyperv");
  EXPECT_EQ(parse::hypervisor_from_signature("VMwareVMware"), "vmware");
  EXPECT_EQ(parse::hypervisor_from_signature("XenVMMXenVMM"), "xen");
  EXPECT_EQ(parse::hypervisor_from_signature("TCGTCGTCGTCG"), "qemu");
  EXPECT_EQ(parse::hypervisor_from_signature("bhyve bhyve "), "bhyve");
  EXPECT_EQ(parse::hypervisor_from_signature("VBoxVBoxVBox"), "virtualbox");
  EXPECT_EQ(parse::hypervisor_from_signature("SomethingNew"), "");
  EXPECT_EQ(parse::hypervisor_from_signature(""), "");
}

TEST(Parse, VirtualizationPrefersTheSignature) {
  parse::HypervisorEvidence e;
  e.cpuid_available = true;
  e.cpuid_hypervisor_bit = true;
  e.cpuid_signature = "KVMKVMKVM\0\0\0"s;
  e.sys_hypervisor_type = "xen\n";
  EXPECT_EQ(parse::virtualization(e), "kvm");
}

TEST(Parse, VirtualizationFallsBackToSysThenFlag) {
  parse::HypervisorEvidence e;
  e.cpuinfo_available = true;
  e.cpuinfo_hypervisor_flag = true;
  e.sys_hypervisor_type = "xen\n";
  EXPECT_EQ(parse::virtualization(e), "xen");
  e.sys_hypervisor_type.clear();
  EXPECT_EQ(parse::virtualization(e), "unknown hypervisor");
  e.cpuinfo_hypervisor_flag = false;
  e.cpuid_available = true;
  e.cpuid_hypervisor_bit = true;
  e.cpuid_signature = "SomethingNew";
  EXPECT_EQ(parse::virtualization(e), "unknown hypervisor");
}

TEST(Parse, VirtualizationNoneNeedsEvidence) {
  parse::HypervisorEvidence e;
  EXPECT_EQ(parse::virtualization(e), "");
  e.cpuinfo_available = true;
  EXPECT_EQ(parse::virtualization(e), "none");
  e = {};
  e.cpuid_available = true;
  EXPECT_EQ(parse::virtualization(e), "none");
}

TEST(Parse, Iso8601Utc) {
  EXPECT_EQ(tare::system::iso8601_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(tare::system::iso8601_utc(1714566896), "2024-05-01T12:34:56Z");
}

TEST(Parse, DebugBuild) {
  EXPECT_TRUE(tare::system::is_debug_build("Debug", true));
  EXPECT_TRUE(tare::system::is_debug_build("Release", false));
  EXPECT_TRUE(tare::system::is_debug_build("", false));
  EXPECT_FALSE(tare::system::is_debug_build("Release", true));
  EXPECT_FALSE(tare::system::is_debug_build("RelWithDebInfo", true));
}

TEST(Parse, FormatNumber) {
  EXPECT_EQ(tare::system::format_number(1.9), "1.9");
  EXPECT_EQ(tare::system::format_number(1.93), "1.93");
  EXPECT_EQ(tare::system::format_number(2.0), "2");
  EXPECT_EQ(tare::system::format_number(10.0), "10");
  EXPECT_EQ(tare::system::format_number(0.0), "0");
  EXPECT_EQ(tare::system::format_number(0.754), "0.75");
  EXPECT_EQ(tare::system::format_number(std::numeric_limits<double>::infinity()), "inf");
}

}  // namespace

TEST(Parse, CpuTimesFromProcStat) {
  const auto t = parse::cpu_times("cpu  100 5 50 1000 20 3 2 7 40 0\ncpu0 1 2 3 4\n");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->total, 100u + 5 + 50 + 1000 + 20 + 3 + 2 + 7);  // guest time is inside user already
  EXPECT_EQ(t->busy, 100u + 5 + 50 + 3 + 2 + 7);
  EXPECT_FALSE(parse::cpu_times("intr 1 2 3").has_value());
  EXPECT_FALSE(parse::cpu_times("cpu  1 x 3 4").has_value());
}

TEST(Parse, CpuTimesKeepSteal) {
  const auto times = tare::system::parse::cpu_times("cpu  100 5 50 1000 10 1 2 40 7 0\n");
  ASSERT_TRUE(times.has_value());
  EXPECT_EQ(times->steal, 40u);
  EXPECT_EQ(times->total, 100u + 5 + 50 + 1000 + 10 + 1 + 2 + 40);  // guest time left out
  EXPECT_EQ(times->busy, 100u + 5 + 50 + 1 + 2 + 40);
  EXPECT_EQ(tare::system::parse::cpu_times("cpu  1 2 3 4\n")->steal, 0u);  // an old kernel's four fields
}

TEST(Parse, BracketedChoice) {
  using tare::system::parse::bracketed_choice;
  EXPECT_EQ(bracketed_choice("always [madvise] never\n"), "madvise");
  EXPECT_EQ(bracketed_choice("[always] madvise never"), "always");
  EXPECT_FALSE(bracketed_choice("always madvise never").has_value());
  EXPECT_FALSE(bracketed_choice("[]").has_value());
  EXPECT_FALSE(bracketed_choice("").has_value());
}
