// The calling thread's scheduling: counters that only grow, their arithmetic, and a request
// for real-time priority that either holds (the policy is really SCHED_FIFO) or says why not.
#include "system/thread_schedule.hpp"

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

namespace tare::system {
namespace {

TEST(ThreadTimes, CountAThreadsOwnCpuTimeAndSwitches) {
  std::int64_t before_cpu = 0;
  ThreadTimes spent;
  std::thread([&] {
    const ThreadTimes before = thread_times();
    before_cpu = before.cpu_ns;
    for (int i = 0; i < 20; ++i) std::this_thread::sleep_for(std::chrono::microseconds(100));  // 20 voluntary switches
    volatile std::uint64_t x = 0;
    for (int i = 0; i < 10'000'000; ++i) x = x + static_cast<std::uint64_t>(i);
    spent = thread_times() - before;
  }).join();
  EXPECT_GE(spent.voluntary_switches, 20);
  EXPECT_GE(spent.involuntary_switches, 0);
  if (before_cpu >= 0) {  // kernels built with schedstats (Debian's are)
    ASSERT_TRUE(spent.has_schedstat());
    EXPECT_GT(spent.cpu_ns, 0);
    EXPECT_GE(spent.wait_ns, 0);
  }
}

// The reader keeps its file open and reads the thread that built it; its counters only grow.
TEST(ThreadTimesReader, ReadsItsThreadAgainAndAgain) {
  std::thread([] {
    const ThreadTimesReader reader;
    const ThreadTimes first = reader.read();
    volatile std::uint64_t x = 0;
    for (int i = 0; i < 10'000'000; ++i) x = x + static_cast<std::uint64_t>(i);
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    const ThreadTimes spent = reader.read() - first;
    EXPECT_GE(spent.voluntary_switches, 1);
    if (first.has_schedstat()) {
      ASSERT_TRUE(spent.has_schedstat());
      EXPECT_GT(spent.cpu_ns, 0);
      EXPECT_GE(spent.wait_ns, 0);
    }
  }).join();
}

// Two CPU-bound threads held to one CPU take turns: between them they wait for it.
TEST(ThreadTimesReader, ThreadsSharingOneCpuWaitForIt) {
  if (!ThreadTimesReader().read().has_schedstat()) GTEST_SKIP() << "kernel without schedstats";
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  std::int64_t waited[2] = {0, 0};
  auto spin = [&](int i) {
    sched_setaffinity(0, sizeof one, &one);
    const ThreadTimesReader reader;
    const ThreadTimes before = reader.read();
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(60);
    while (std::chrono::steady_clock::now() < until) {
    }
    waited[i] = (reader.read() - before).wait_ns;
  };
  std::thread a(spin, 0), b(spin, 1);
  a.join();
  b.join();
  EXPECT_GT(waited[0] + waited[1], 0);
}

TEST(ThreadTimes, DifferencesAndSumsKeepAMissingSchedstatMissing) {
  ThreadTimes a{100, 10, 3, 4}, b{40, 4, 1, 1};
  const ThreadTimes d = a - b;
  EXPECT_EQ(d.cpu_ns, 60);
  EXPECT_EQ(d.wait_ns, 6);
  EXPECT_EQ(d.involuntary_switches, 2);
  EXPECT_EQ(d.voluntary_switches, 3);
  ThreadTimes total = d;
  total += d;
  EXPECT_EQ(total.cpu_ns, 120);
  EXPECT_EQ(total.involuntary_switches, 4);
  ThreadTimes unknown;  // no schedstat
  unknown.involuntary_switches = 5;
  EXPECT_FALSE((a - unknown).has_schedstat());
  total += unknown;
  EXPECT_FALSE(total.has_schedstat());
  EXPECT_EQ(total.involuntary_switches, 9);
}

TEST(RealtimeRequest, IsGrantedForRealOrRefusedWithTheReason) {
  RealtimeRequest request;
  int policy = -1;
  std::thread([&] {
    request = make_thread_realtime(10);
    policy = sched_getscheduler(0);
  }).join();
  if (request.granted) {
    EXPECT_EQ(policy & ~SCHED_RESET_ON_FORK, SCHED_FIFO);
    EXPECT_GE(request.priority, 1);
    EXPECT_LE(request.priority, 10);
    EXPECT_TRUE(request.refused.empty());
  } else {
    EXPECT_EQ(policy, SCHED_OTHER);
    EXPECT_FALSE(request.refused.empty());
  }
  // This thread was left alone.
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER);
}

// In a child process that is no longer root, with the given RLIMIT_RTPRIO: the request's
// outcome as an exit code (0 refused as not permitted, 100 + priority when granted, 1 else,
// 2 when the limit cannot be set here: raising it needs CAP_SYS_RESOURCE).
constexpr int kCannotSetUp = 2;
int request_as_unprivileged_user(rlim_t rtprio_limit) {
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit limit{rtprio_limit, rtprio_limit};
    if (setrlimit(RLIMIT_RTPRIO, &limit) != 0) _exit(kCannotSetUp);
    if (setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0) _exit(kCannotSetUp);
    const RealtimeRequest r = make_thread_realtime(10);
    if (r.granted) _exit(100 + r.priority);
    _exit(r.refused.find("not permitted") != std::string::npos ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(RealtimeRequest, WithoutPrivilegeIsRefusedAndWithinRlimitRtprioIsLowered) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to become an unprivileged user";
  EXPECT_EQ(request_as_unprivileged_user(0), 0);
  const int limited = request_as_unprivileged_user(5);
  if (limited == kCannotSetUp) GTEST_SKIP() << "RLIMIT_RTPRIO cannot be raised to 5 here";
  EXPECT_EQ(limited, 105);
}

}  // namespace
}  // namespace tare::system
