// read_system_facts and describe_system over fake /proc and /sys trees: each fact from its
// file, and nothing at all (a container without them) read as unknown, never an error.
#include <gtest/gtest.h>

#include <chrono>

#include "fake_root.hpp"
#include "system/read_system_facts.hpp"

namespace {

using tare::results::Readiness;
using tare::results::SystemCheck;
using tare::system::read_system_facts;
using tare::test::FakeRoot;

constexpr const char* kProcStat = "cpu  100 0 50 1000 10 0 0 40 0 0\ncpu0 50 0 25 500 5 0 0 20 0 0\n";

void write_untuned_machine(const FakeRoot& root) {
  root.write("sys/devices/system/cpu/online", "0-3\n");
  root.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
  root.write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  root.write("sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "powersave\n");
  root.write("sys/devices/system/cpu/cpufreq/boost", "1\n");
  root.write("sys/devices/system/cpu/smt/active", "1\n");
  root.write("sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0,2\n");
  root.write("sys/devices/system/cpu/isolated", "\n");
  root.write("sys/devices/system/cpu/nohz_full", "(null)\n");
  root.write("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
  root.write("sys/devices/system/clocksource/clocksource0/current_clocksource", "hpet\n");
  root.write("proc/sys/kernel/randomize_va_space", "0\n");
  root.write("proc/sys/kernel/perf_event_paranoid", "2\n");
  root.write("proc/loadavg", "3.50 1.00 0.50 2/300 4242\n");
  root.write("proc/stat", kProcStat);
}

TEST(ReadSystemFacts, ReadsEachFactFromItsFile) {
  FakeRoot root;
  write_untuned_machine(root);
  const auto f = read_system_facts(root.path());
  EXPECT_EQ(f.cores, 4);
  EXPECT_EQ(f.governors, (std::vector<std::string>{"performance", "powersave"}));
  EXPECT_EQ(f.turbo, true);
  EXPECT_EQ(f.turbo_switch, tare::system::TurboSwitch::cpufreq_boost);
  EXPECT_EQ(f.smt_active, true);
  EXPECT_EQ(f.threads_per_core, 2);
  EXPECT_EQ(f.isolated, "");
  EXPECT_EQ(f.nohz_full, "");
  EXPECT_EQ(f.transparent_hugepages, "always");
  EXPECT_EQ(f.clocksource, "hpet");
  EXPECT_EQ(f.aslr, 0);
  EXPECT_EQ(f.perf_paranoid, 2);
  EXPECT_DOUBLE_EQ(*f.load_1m, 3.5);
  EXPECT_FALSE(f.steal_share.has_value());            // no window asked for
  EXPECT_FALSE(f.hardware_counter_errno.has_value());  // not this machine's files
}

TEST(ReadSystemFacts, IntelPstateOwnsTurbo) {
  FakeRoot root;
  root.write("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
  const auto f = read_system_facts(root.path());
  EXPECT_EQ(f.turbo, true);
  EXPECT_EQ(f.turbo_switch, tare::system::TurboSwitch::intel_pstate);
}

TEST(ReadSystemFacts, AnEmptyTreeIsAllUnknown) {
  FakeRoot root;
  const auto f = read_system_facts(root.path(), std::chrono::milliseconds(1));
  EXPECT_TRUE(f.governors.empty());
  EXPECT_FALSE(f.turbo || f.smt_active || f.threads_per_core || f.transparent_hugepages || f.aslr || f.isolated ||
               f.clocksource || f.steal_share || f.perf_paranoid || f.load_1m);
  for (const auto& c : tare::system::assess_system(f)) EXPECT_EQ(c.summary.readiness, Readiness::unknown);
}

TEST(ReadSystemFacts, StealOverAWindowOfAnUnchangingStatIsUnknown) {
  FakeRoot root;
  root.write("proc/stat", kProcStat);
  // The fake file does not move: no CPU time passed, so no share can be said.
  EXPECT_FALSE(read_system_facts(root.path(), std::chrono::milliseconds(1)).steal_share.has_value());
}

TEST(DescribeSystem, TheRunsOwnMeasurementsStandInForAWindow) {
  FakeRoot root;
  write_untuned_machine(root);
  tare::results::Context ctx;
  ctx.steal_share = 0.05;
  ctx.busy_cores = 0.02;
  ctx.load_average_1m = 0.3;
  tare::system::describe_system(ctx, root.path());
  ASSERT_EQ(ctx.system.size(), 10u);
  const auto state_of = [&](SystemCheck check) {
    for (const auto& s : ctx.system)
      if (s.check == check) return s;
    return tare::results::SystemState{};
  };
  EXPECT_EQ(state_of(SystemCheck::steal).readiness, Readiness::attention);
  EXPECT_EQ(state_of(SystemCheck::steal).state, "5.0% of CPU time");
  EXPECT_EQ(state_of(SystemCheck::load).readiness, Readiness::ready);
  EXPECT_EQ(state_of(SystemCheck::governor).state, "performance, powersave");
  EXPECT_EQ(state_of(SystemCheck::aslr).readiness, Readiness::attention);
}

}  // namespace
