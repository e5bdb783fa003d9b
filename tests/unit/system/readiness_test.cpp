// assess_system: each check's readiness from literal facts; nothing known is "unknown".
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cerrno>

#include "system/readiness.hpp"

namespace {

using tare::results::Readiness;
using tare::results::SystemCheck;
using tare::system::assess_system;
using tare::system::CheckOutcome;
using tare::system::SystemFacts;
using ::testing::HasSubstr;

/// A machine tuned for benchmarking.
SystemFacts tuned_machine() {
  SystemFacts f;
  f.cores = 8;
  f.governors = {"performance"};
  f.turbo = false;
  f.smt_active = false;
  f.threads_per_core = 1;
  f.transparent_hugepages = "madvise";
  f.aslr = 2;
  f.isolated = "2-3";
  f.nohz_full = "2-3";
  f.clocksource = "tsc";
  f.steal_share = 0.0;
  f.perf_paranoid = 1;
  f.hardware_counter_errno = 0;
  f.load_1m = 0.1;
  return f;
}

CheckOutcome outcome_of(const SystemFacts& facts, SystemCheck check) {
  for (const auto& c : assess_system(facts))
    if (c.summary.check == check) return c;
  ADD_FAILURE() << "no outcome for the check";
  return {};
}

TEST(Readiness, ATunedMachineIsReadyEverywhere) {
  const auto checks = assess_system(tuned_machine());
  ASSERT_EQ(checks.size(), 10u);
  for (const auto& c : checks) {
    EXPECT_EQ(c.summary.readiness, Readiness::ready) << c.meaning;
    EXPECT_TRUE(c.fix.empty()) << c.fix;
  }
}

TEST(Readiness, NothingReadIsUnknownNeverAnError) {
  for (const auto& c : assess_system(SystemFacts{})) {
    EXPECT_EQ(c.summary.readiness, Readiness::unknown) << c.meaning;
    EXPECT_FALSE(c.meaning.empty());
  }
}

TEST(Readiness, GovernorOtherThanPerformance) {
  SystemFacts f = tuned_machine();
  f.governors = {"performance", "powersave"};
  const auto c = outcome_of(f, SystemCheck::governor);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "performance, powersave");
  EXPECT_EQ(c.fix, "sudo cpupower frequency-set --governor performance");
}

TEST(Readiness, TurboNamesTheSwitchThatTurnsItOff) {
  SystemFacts f = tuned_machine();
  f.turbo = true;
  f.turbo_switch = tare::system::TurboSwitch::intel_pstate;
  EXPECT_EQ(outcome_of(f, SystemCheck::turbo).fix, "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo");
  f.turbo_switch = tare::system::TurboSwitch::cpufreq_boost;
  const auto c = outcome_of(f, SystemCheck::turbo);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.fix, "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost");
}

TEST(Readiness, SmtSiblings) {
  SystemFacts f = tuned_machine();
  f.smt_active = true;
  f.threads_per_core = 2;
  const auto c = outcome_of(f, SystemCheck::smt);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "2 threads per core");
  // Without the smt switch (older kernels), the siblings list alone decides.
  f.smt_active.reset();
  EXPECT_EQ(outcome_of(f, SystemCheck::smt).summary.readiness, Readiness::attention);
  f.threads_per_core = 1;
  EXPECT_EQ(outcome_of(f, SystemCheck::smt).summary.readiness, Readiness::ready);
}

TEST(Readiness, TransparentHugePagesAlways) {
  SystemFacts f = tuned_machine();
  f.transparent_hugepages = "always";
  const auto c = outcome_of(f, SystemCheck::transparent_hugepages);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.fix, "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled");
  f.transparent_hugepages = "never";
  EXPECT_EQ(outcome_of(f, SystemCheck::transparent_hugepages).summary.readiness, Readiness::ready);
}

// tare samples layout luck across forks: full randomisation is what it wants.
TEST(Readiness, AslrMustBeFull) {
  SystemFacts f = tuned_machine();
  for (const int value : {0, 1}) {
    f.aslr = value;
    const auto c = outcome_of(f, SystemCheck::aslr);
    EXPECT_EQ(c.summary.readiness, Readiness::attention);
    EXPECT_EQ(c.summary.state, "randomize_va_space=" + std::to_string(value));
    EXPECT_EQ(c.fix, "echo 2 | sudo tee /proc/sys/kernel/randomize_va_space");
  }
}

TEST(Readiness, IsolationWantsIsolatedCpusAndNoTick) {
  SystemFacts f = tuned_machine();
  f.isolated = "";
  f.nohz_full = "";
  auto c = outcome_of(f, SystemCheck::isolation);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "isolated none, nohz_full none");
  EXPECT_THAT(c.fix, HasSubstr("isolcpus="));
  f.isolated = "3";
  c = outcome_of(f, SystemCheck::isolation);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_THAT(c.meaning, HasSubstr("timer tick"));
  f.nohz_full = "3";
  EXPECT_EQ(outcome_of(f, SystemCheck::isolation).summary.readiness, Readiness::ready);
}

TEST(Readiness, SystemCallClocksources) {
  SystemFacts f = tuned_machine();
  f.clocksource = "hpet";
  EXPECT_EQ(outcome_of(f, SystemCheck::clocksource).summary.readiness, Readiness::attention);
  f.clocksource = "kvm-clock";  // read through the vDSO
  EXPECT_EQ(outcome_of(f, SystemCheck::clocksource).summary.readiness, Readiness::ready);
}

TEST(Readiness, StealAboveOnePercent) {
  SystemFacts f = tuned_machine();
  f.steal_share = 0.01;
  EXPECT_EQ(outcome_of(f, SystemCheck::steal).summary.readiness, Readiness::ready);
  f.steal_share = 0.034;
  const auto c = outcome_of(f, SystemCheck::steal);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "3.4% of CPU time");
}

TEST(Readiness, NoHardwareCountersIsSaidPlainly) {
  SystemFacts f = tuned_machine();
  f.perf_paranoid = 2;
  f.hardware_counter_errno = ENOENT;
  const auto c = outcome_of(f, SystemCheck::perf_events);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "no hardware counters (no PMU: a VM without a virtual PMU), perf_event_paranoid=2");
  EXPECT_THAT(c.meaning, HasSubstr("cannot count cycles"));
  EXPECT_THAT(c.fix, HasSubstr("virtual PMU"));
}

TEST(Readiness, CountersRefusedByTheKernelAreFixedWithSysctl) {
  SystemFacts f = tuned_machine();
  f.perf_paranoid = 3;
  f.hardware_counter_errno = EACCES;
  const auto c = outcome_of(f, SystemCheck::perf_events);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.fix, "sudo sysctl kernel.perf_event_paranoid=1");
}

TEST(Readiness, CountersNotTriedOnAnotherRoot) {
  SystemFacts f = tuned_machine();
  f.hardware_counter_errno.reset();
  const auto c = outcome_of(f, SystemCheck::perf_events);
  EXPECT_EQ(c.summary.readiness, Readiness::unknown);
  EXPECT_EQ(c.summary.state, "perf_event_paranoid=1");
}

TEST(Readiness, LoadFromTheAverageOrFromWhatARunMeasured) {
  SystemFacts f = tuned_machine();
  f.load_1m = 6.5;  // above 0.75 of 8 cores
  auto c = outcome_of(f, SystemCheck::load);
  EXPECT_EQ(c.summary.readiness, Readiness::attention);
  EXPECT_EQ(c.summary.state, "load average 6.50 on 8 cores");
  f.busy_cores = 0.1;  // measured over the run: quiet, whatever the average says
  c = outcome_of(f, SystemCheck::load);
  EXPECT_EQ(c.summary.readiness, Readiness::ready);
  EXPECT_EQ(c.summary.state, "0.10 cores busy with other work on 8 cores");
  f.busy_cores = 0.6;
  EXPECT_EQ(outcome_of(f, SystemCheck::load).summary.readiness, Readiness::attention);
}

TEST(Readiness, SummaryKeepsEveryCheckInOrder) {
  const auto summary = tare::system::system_summary(tuned_machine());
  ASSERT_EQ(summary.size(), 10u);
  EXPECT_EQ(summary.front().check, SystemCheck::governor);
  EXPECT_EQ(summary.back().check, SystemCheck::load);
}

}  // namespace
