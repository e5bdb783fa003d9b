// --launcher slurm's pure parts: its options, the Slurm commands it gives and reads, and
// how a machine's part of a fleet run is judged (the real cluster is tests/e2e/slurm_test.cpp's).
#include <sys/wait.h>

#include <gtest/gtest.h>

#include "runner/options.hpp"
#include "runner/slurm_commands.hpp"
#include "runner/slurm_run.hpp"

namespace {

using tare::runner::LauncherKind;
using tare::runner::UsageError;

std::optional<tare::runner::RunOptions> parse_slurm_line(std::vector<std::string> args) {
  args.insert(args.begin(), "bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return tare::runner::parse_options(static_cast<int>(argv.size()), argv.data());
}

// A wait status as waitpid gives it for a process that exited with `code`.
int exited_with(int code) { return code << 8; }

tare::results::Run machine_results_of(std::vector<std::pair<std::string, bool>> benchmarks) {
  tare::results::Run run;
  for (const auto& [name, ok] : benchmarks) {
    tare::results::Benchmark b;
    b.name = name;
    b.ok = ok;
    if (!ok) b.error = "worker on node n1 (step 7.3): exited with status 1";
    run.benchmarks.push_back(b);
  }
  return run;
}

TEST(SlurmOptions, ReadsTheLauncherAndTheAllocation) {
  const auto o = parse_slurm_line({"--launcher", "slurm", "--nodes", "3", "--partition", "fast", "--slurm-arg=--time=5",
                                   "--slurm-arg=--account=perf"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->launcher, LauncherKind::slurm);
  EXPECT_EQ(o->slurm.nodes, 3);
  EXPECT_EQ(o->slurm.partition, "fast");
  EXPECT_EQ(o->slurm.args, (std::vector<std::string>{"--time=5", "--account=perf"}));
  EXPECT_EQ(o->arguments.size(), 8u);  // given again to each node runner
  EXPECT_EQ(parse_slurm_line({})->launcher, LauncherKind::local);
  EXPECT_EQ(parse_slurm_line({"--launcher", "local"})->launcher, LauncherKind::local);
}

TEST(SlurmOptions, RefusesWhatASlurmRunCannotDo) {
  EXPECT_THROW(parse_slurm_line({"--launcher", "pbs"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--nodes", "2"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--partition", "p"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--slurm-arg=--time=5"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--launcher", "slurm", "--nodes", "0"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--launcher", "slurm", "--csv", "r.csv"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--launcher", "slurm", "--prof", "instructions"}), UsageError);
  EXPECT_THROW(parse_slurm_line({"--launcher", "slurm", "--prof", "asm"}), UsageError);
  EXPECT_NO_THROW(parse_slurm_line({"--launcher", "slurm", "--prof", "rusage"}));
}

TEST(SlurmCommands, AsksForAnExclusiveAllocationWithoutAShell) {
  tare::runner::SlurmRequest request;
  request.nodes = 2;
  request.partition = "fast";
  request.args = {"--time=5"};
  EXPECT_EQ(tare::runner::salloc_args(request),
            (std::vector<std::string>{"--no-shell", "--exclusive", "--job-name=tare", "--nodes=2", "--immediate=600",
                                      "--partition=fast", "--time=5"}));
  request.partition.clear();
  request.args.clear();
  EXPECT_EQ(tare::runner::salloc_args(request).size(), 5u);
}

TEST(SlurmCommands, ReadsTheGrantedJob) {
  using tare::runner::granted_job;
  EXPECT_EQ(granted_job("salloc: Pending job allocation 41\nsalloc: job 41 queued and waiting for resources\n"
                        "salloc: job 41 has been allocated resources\nsalloc: Granted job allocation 41\n"),
            "41");
  EXPECT_EQ(granted_job("salloc: Granted job allocation 123456"), "123456");
  EXPECT_FALSE(granted_job("salloc: error: Job submit/allocate failed: Invalid partition name specified"));
  EXPECT_FALSE(granted_job("salloc: Granted job allocation \n"));
  EXPECT_FALSE(granted_job(""));
}

TEST(SlurmCommands, ListsNodeNamesOneALine) {
  EXPECT_EQ(tare::runner::node_names("n1\nn2\r\n\n  n3 \n"), (std::vector<std::string>{"n1", "n2", "n3"}));
  EXPECT_TRUE(tare::runner::node_names("\n").empty());
}

TEST(SlurmCommands, StartsOneTaskOnTheNodeWithAllItsResources) {
  EXPECT_EQ(tare::runner::step_args("41", "n2"), (std::vector<std::string>{"--jobid=41", "--nodelist=n2", "--nodes=1",
                                                                            "--ntasks=1", "--whole", "--overlap", "--quiet"}));
}

TEST(SlurmCommands, TellsTheFirstLineOfAComplaint) {
  EXPECT_EQ(tare::runner::first_line("\n  sinfo: error: no controller\r\nmore\n"), "sinfo: error: no controller");
  EXPECT_EQ(tare::runner::first_line(" \n"), "");
}

TEST(SlurmFleet, AMachineIsOkWhenItsRunnerExited0WithEveryBenchmarkRun) {
  const auto machine =
      tare::runner::machine_run("n1", {exited_with(0), ""}, machine_results_of({{"a", true}, {"b", true}}));
  EXPECT_EQ(machine.name, "n1");
  EXPECT_TRUE(machine.ok);
  EXPECT_EQ(machine.error, "");
  ASSERT_TRUE(machine.run);
}

TEST(SlurmFleet, AFailedMachineSaysWhyAndKeepsWhatItMeasured) {
  const auto failed_benchmark = tare::runner::machine_run("n1", {exited_with(1), "ignored"}, machine_results_of({{"a", true}, {"b", false}}));
  EXPECT_FALSE(failed_benchmark.ok);
  EXPECT_EQ(failed_benchmark.error, "b: worker on node n1 (step 7.3): exited with status 1");
  ASSERT_TRUE(failed_benchmark.run);
  EXPECT_EQ(failed_benchmark.run->benchmarks.size(), 2u);

  const auto no_results = tare::runner::machine_run("n2", {exited_with(1), "bench: error: node n2: describing the machine failed"}, std::nullopt);
  EXPECT_FALSE(no_results.ok);
  EXPECT_EQ(no_results.error, "bench: error: node n2: describing the machine failed");
  EXPECT_FALSE(no_results.run);

  const auto killed = tare::runner::machine_run("n3", {SIGKILL, ""}, std::nullopt);
  EXPECT_FALSE(killed.ok);
  EXPECT_EQ(killed.error, "its runner killed by signal 9 (Killed)");

  // Exit 0 without results is no success either.
  EXPECT_FALSE(tare::runner::machine_run("n4", {exited_with(0), ""}, std::nullopt).ok);
}

TEST(SlurmFleet, ExitsOneWhenAnyMachineFailed) {
  tare::results::Fleet fleet;
  fleet.machines = {tare::runner::machine_run("n1", {exited_with(0), ""}, machine_results_of({{"a", true}}))};
  EXPECT_EQ(tare::runner::fleet_exit_status(fleet), 0);
  fleet.machines.push_back(tare::runner::machine_run("n2", {exited_with(1), "lost"}, std::nullopt));
  EXPECT_EQ(tare::runner::fleet_exit_status(fleet), 1);
  fleet.interrupted = true;
  EXPECT_EQ(tare::runner::fleet_exit_status(fleet), 130);
}

}  // namespace
