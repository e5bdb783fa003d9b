// describe_machine over fake /proc and /sys trees: every field from its file, and the
// 'unknown' defaults when the files are missing.
#include <gtest/gtest.h>

#include <string>

#include "fake_root.hpp"
#include "system/build_info.hpp"
#include "system/describe_machine.hpp"

namespace {

using tare::results::Context;
using tare::system::describe_machine;
using tare::test::FakeRoot;

constexpr const char* kCpuinfo =
    "processor\t: 0\n"
    "model name\t: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\n"
    "flags\t\t: fpu tsc constant_tsc nonstop_tsc\n"
    "\n"
    "processor\t: 1\n"
    "model name\t: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\n"
    "flags\t\t: fpu tsc constant_tsc nonstop_tsc\n";

void write_full_machine(const FakeRoot& root) {
  root.write("proc/cpuinfo", kCpuinfo);
  root.write("proc/loadavg", "1.93 0.50 0.25 2/300 4242\n");
  root.write("proc/sys/kernel/randomize_va_space", "2\n");
  root.write("proc/sys/kernel/hostname", "bench-box\n");
  root.write("sys/devices/system/cpu/online", "0-3\n");
  root.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  root.write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
  root.link("proc/self/exe", "/opt/bench/lookup_bench");
}

TEST(DescribeMachine, ReadsEveryFieldFromItsFile) {
  FakeRoot root;
  write_full_machine(root);
  Context ctx;
  describe_machine(ctx, root.path());

  EXPECT_EQ(ctx.host, "bench-box");
  EXPECT_EQ(ctx.executable, "/opt/bench/lookup_bench");
  EXPECT_EQ(ctx.cpu.model, "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz");
  EXPECT_EQ(ctx.cpu.cores, 4);  // the online list wins over the two cpuinfo entries
  EXPECT_EQ(ctx.cpu.scaling_governor, "performance");
  EXPECT_EQ(ctx.cpu.turbo, false);
  EXPECT_EQ(ctx.aslr, 2);
  EXPECT_DOUBLE_EQ(ctx.load_average_1m, 1.93);
  EXPECT_EQ(ctx.virtualization, "none");  // cpuinfo read, no hypervisor flag
}

TEST(DescribeMachine, FillsDateAndBuildWhateverTheRoot) {
  FakeRoot root;
  Context ctx;
  describe_machine(ctx, root.path());
  ASSERT_EQ(ctx.date.size(), std::string("2024-05-01T12:34:56Z").size());
  EXPECT_EQ(ctx.date[4], '-');
  EXPECT_EQ(ctx.date[10], 'T');
  EXPECT_EQ(ctx.date.back(), 'Z');
  EXPECT_FALSE(ctx.tare_version.empty());
  const std::string& compiler = ctx.build.compiler;
  EXPECT_TRUE(compiler.rfind("gcc ", 0) == 0 || compiler.rfind("clang ", 0) == 0) << compiler;
  EXPECT_FALSE(ctx.build.type.empty());
  if (ctx.build.type == "Debug") {
    EXPECT_TRUE(ctx.build.debug);
  }
}

TEST(DescribeMachine, MissingFilesLeaveUnknownDefaults) {
  FakeRoot root;
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.host, "");
  EXPECT_EQ(ctx.executable, "");
  EXPECT_EQ(ctx.cpu.model, "");
  EXPECT_EQ(ctx.cpu.cores, 0);
  EXPECT_EQ(ctx.cpu.scaling_governor, "");
  EXPECT_FALSE(ctx.cpu.turbo.has_value());
  EXPECT_EQ(ctx.aslr, -1);
  EXPECT_EQ(ctx.load_average_1m, -1);
  EXPECT_EQ(ctx.virtualization, "");
}

TEST(DescribeMachine, RootThatDoesNotExistIsLikeAnEmptyOne) {
  Context ctx;
  EXPECT_NO_THROW(describe_machine(ctx, "/nonexistent/tare/fake/root"));
  EXPECT_EQ(ctx.cpu.cores, 0);
  EXPECT_EQ(ctx.aslr, -1);
}

TEST(DescribeMachine, GarbageFilesLeaveUnknownDefaults) {
  FakeRoot root;
  root.write("proc/loadavg", "not a number\n");
  root.write("proc/sys/kernel/randomize_va_space", "two\n");
  root.write("sys/devices/system/cpu/online", "\n");
  root.write("sys/devices/system/cpu/cpufreq/boost", "maybe\n");
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.load_average_1m, -1);
  EXPECT_EQ(ctx.aslr, -1);
  EXPECT_EQ(ctx.cpu.cores, 0);
  EXPECT_FALSE(ctx.cpu.turbo.has_value());
}

TEST(DescribeMachine, CoresFallBackToCpuinfoProcessors) {
  FakeRoot root;
  root.write("proc/cpuinfo", kCpuinfo);
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.cpu.cores, 2);
}

TEST(DescribeMachine, TurboFromCpufreqBoost) {
  FakeRoot root;
  root.write("sys/devices/system/cpu/cpufreq/boost", "1\n");
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.cpu.turbo, true);
}

TEST(DescribeMachine, HypervisorFlagWithoutSignature) {
  FakeRoot root;
  root.write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu tsc hypervisor\n");
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.virtualization, "unknown hypervisor");
}

TEST(DescribeMachine, SysHypervisorType) {
  FakeRoot root;
  root.write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu tsc hypervisor\n");
  root.write("sys/hypervisor/type", "xen\n");
  Context ctx;
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.virtualization, "xen");
}

TEST(DescribeMachine, LeavesTheRunnersFieldsAlone) {
  FakeRoot root;
  Context ctx;
  ctx.command_line = "bench --forks 5";
  ctx.seed = 1234;
  ctx.warnings.push_back("earlier");
  describe_machine(ctx, root.path());
  EXPECT_EQ(ctx.command_line, "bench --forks 5");
  EXPECT_EQ(ctx.seed, 1234u);
  EXPECT_EQ(ctx.warnings.size(), 1u);
}

// The real machine: no values asserted beyond what any Linux box must give.
TEST(DescribeMachine, LiveMachine) {
  Context ctx;
  describe_machine(ctx);
  EXPECT_EQ(ctx.cpu.cores, tare::system::online_cpus());
  EXPECT_GE(ctx.cpu.cores, 1);
  EXPECT_FALSE(ctx.host.empty());
  EXPECT_NE(ctx.executable.find("tare_system_tests"), std::string::npos) << ctx.executable;
  EXPECT_FALSE(ctx.virtualization.empty());  // CPUID or cpuinfo always says something
  EXPECT_GE(ctx.aslr, 0);
  EXPECT_GE(ctx.load_average_1m, 0);
}

}  // namespace
