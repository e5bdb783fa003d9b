// The rest of the machine's load over a span: tare's own work (this process, its reaped
// children) is not counted, and a span too short to say gives no reading.
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "system/describe_machine.hpp"
#include "system/other_load.hpp"

namespace tare::system {
namespace {

// Keeps a CPU busy until this process has had `cpu` of it (however long a busy machine
// makes that take): an amount of own work the test can count on.
void spin_cpu(std::chrono::milliseconds cpu) {
  const auto cpu_now = [] {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
  };
  const auto end = cpu_now() + cpu;
  volatile unsigned long n = 0;
  while (cpu_now() < end) n = n + 1;
}

TEST(OtherLoad, ASpanTooShortToSayGivesNoReading) {
  const OtherLoad load;
  EXPECT_EQ(load.cores(), -1);
}

double own_cpu_seconds() {
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  const auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return s(self.ru_utime) + s(self.ru_stime) + s(children.ru_utime) + s(children.ru_stime);
}

// A child that keeps a CPU busy for the whole span is this process's own work once reaped:
// the rest of the machine can have used at most the CPUs this process and its child left
// over (counted with them, the two would fill most of a 2-CPU machine by themselves).
TEST(OtherLoad, OwnWorkAndReapedChildrenAreNotTheMachinesLoad) {
  const auto start = std::chrono::steady_clock::now();
  const double own_before = own_cpu_seconds();
  const OtherLoad load;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    spin_cpu(std::chrono::milliseconds(300));
    _exit(0);
  }
  spin_cpu(std::chrono::milliseconds(300));
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  const double others = load.cores();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double own_cores = (own_cpu_seconds() - own_before) / wall;
  ASSERT_GE(others, 0);
  EXPECT_GE(own_cpu_seconds() - own_before, 0.59);  // the two spinners' own work, however busy the machine
  // /proc/stat's ticks of 10 ms per CPU, and reads a moment apart: a tenth of a core.
  EXPECT_LE(others, online_cpus() - own_cores + 0.1) << "own " << own_cores;
}

}  // namespace
}  // namespace tare::system
