// add_machine_warnings: one specific warning per problem, none on a clean machine.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "system/machine_warnings.hpp"

namespace {

using tare::results::Context;
using tare::system::add_machine_warnings;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

/// A machine with nothing to warn about.
Context clean() {
  Context ctx;
  ctx.aslr = 2;
  ctx.cpu.cores = 2;
  ctx.cpu.scaling_governor = "performance";
  ctx.cpu.turbo = false;
  ctx.load_average_1m = 0.2;
  ctx.clock.clocksource = "tsc";
  ctx.virtualization = "none";
  return ctx;
}

std::vector<std::string> warnings_for(Context ctx) {
  add_machine_warnings(ctx);
  return ctx.warnings;
}

TEST(MachineWarnings, CleanMachineHasNone) { EXPECT_THAT(warnings_for(clean()), IsEmpty()); }

TEST(MachineWarnings, UnknownFactsAreNotWarnedAbout) {
  EXPECT_THAT(warnings_for(Context{}), IsEmpty());
}

TEST(MachineWarnings, AslrDisabled) {
  Context ctx = clean();
  ctx.aslr = 0;
  EXPECT_THAT(warnings_for(ctx),
              ElementsAre("ASLR is disabled (randomize_va_space=0): memory-layout luck is not sampled across forks"));
}

TEST(MachineWarnings, AslrPartial) {
  Context ctx = clean();
  ctx.aslr = 1;
  EXPECT_THAT(warnings_for(ctx), ElementsAre(HasSubstr("ASLR is partial (randomize_va_space=1)")));
}

TEST(MachineWarnings, Governor) {
  Context ctx = clean();
  ctx.cpu.scaling_governor = "powersave";
  EXPECT_THAT(warnings_for(ctx),
              ElementsAre("CPU frequency governor is 'powersave', not 'performance': scores depend on frequency scaling"));
}

TEST(MachineWarnings, Turbo) {
  Context ctx = clean();
  ctx.cpu.turbo = true;
  EXPECT_THAT(warnings_for(ctx), ElementsAre(HasSubstr("turbo boost is enabled")));
}

TEST(MachineWarnings, BusyMachine) {
  Context ctx = clean();
  ctx.load_average_1m = 1.9;
  EXPECT_THAT(warnings_for(ctx), ElementsAre("machine busy: load average 1.9 on 2 cores before the run"));
}

TEST(MachineWarnings, BusyThresholdIsThreeQuartersOfTheCores) {
  Context ctx = clean();
  ctx.cpu.cores = 4;
  ctx.load_average_1m = 3.0;  // exactly 0.75 per core: not yet busy
  EXPECT_THAT(warnings_for(ctx), IsEmpty());
  ctx.load_average_1m = 3.01;
  EXPECT_THAT(warnings_for(ctx), ElementsAre("machine busy: load average 3.01 on 4 cores before the run"));
}

TEST(MachineWarnings, BusySingleCore) {
  Context ctx = clean();
  ctx.cpu.cores = 1;
  ctx.load_average_1m = 1.0;
  EXPECT_THAT(warnings_for(ctx), ElementsAre("machine busy: load average 1 on 1 core before the run"));
}

TEST(MachineWarnings, MeasuredBusyCoresTakePrecedenceOverTheTrailingLoadAverage) {
  Context ctx = clean();
  ctx.load_average_1m = 1.9;  // the previous benchmark run, minutes ago
  ctx.busy_cores = 0.05;      // quiet now
  EXPECT_THAT(warnings_for(ctx), IsEmpty());
  ctx.busy_cores = 0.9;
  EXPECT_THAT(warnings_for(ctx), ElementsAre("machine busy: other processes used 0.9 of 2 cores during the run"));
}

TEST(MachineWarnings, SyscallClocksources) {
  for (const char* source : {"hpet", "acpi_pm"}) {
    Context ctx = clean();
    ctx.clock.clocksource = source;
    EXPECT_THAT(warnings_for(ctx), ElementsAre(std::string("clocksource is '") + source +
                                               "': clock_gettime is a system call and costs ~1 µs"));
  }
  Context ctx = clean();
  ctx.clock.clocksource = "kvm-clock";  // read through the vDSO: fine
  EXPECT_THAT(warnings_for(ctx), IsEmpty());
}

TEST(MachineWarnings, Hypervisor) {
  Context ctx = clean();
  ctx.virtualization = "kvm";
  EXPECT_THAT(warnings_for(ctx),
              ElementsAre("running under kvm: timings include virtualisation noise; hardware counters may be unavailable"));
  ctx.virtualization = "unknown hypervisor";
  EXPECT_THAT(warnings_for(ctx), ElementsAre(HasSubstr("running under an unknown hypervisor:")));
}

TEST(MachineWarnings, EveryProblemAtOnceInAFixedOrder) {
  Context ctx;
  ctx.aslr = 0;
  ctx.cpu.cores = 2;
  ctx.cpu.scaling_governor = "powersave";
  ctx.cpu.turbo = true;
  ctx.load_average_1m = 1.9;
  ctx.clock.clocksource = "hpet";
  ctx.virtualization = "kvm";
  EXPECT_THAT(warnings_for(ctx), ElementsAre(HasSubstr("ASLR"), HasSubstr("governor"), HasSubstr("turbo"),
                                             HasSubstr("machine busy"), HasSubstr("hpet"), HasSubstr("kvm")));
}

TEST(MachineWarnings, CallingTwiceAddsNothingNew) {
  Context ctx = clean();
  ctx.aslr = 0;
  ctx.warnings.push_back("from the runner");
  add_machine_warnings(ctx);
  add_machine_warnings(ctx);
  EXPECT_THAT(ctx.warnings, ElementsAre("from the runner", HasSubstr("ASLR is disabled")));
}

}  // namespace

TEST(MachineWarnings, ADebugBuildOfTheLibraryIsCalledOut) {
  Context ctx = clean();
  ctx.build.debug = true;
  ctx.build.type = "Debug";
  EXPECT_THAT(warnings_for(ctx), ElementsAre(HasSubstr("the tare library was built without optimisation (Debug)")));
}

TEST(MachineWarnings, StealAboveOnePercentOfTheRun) {
  Context ctx = clean();
  ctx.steal_share = 0.01;
  EXPECT_THAT(warnings_for(ctx), IsEmpty());
  ctx.steal_share = 0.035;
  EXPECT_THAT(warnings_for(ctx), ElementsAre("the hypervisor gave 3.5% of the CPU time to other guests during the "
                                             "run (steal): samples include it"));
}
