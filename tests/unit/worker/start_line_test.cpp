// The start line of a multi-threaded benchmark's samples, with real threads: every thread
// crosses only once all have arrived, crossing after crossing, and a thread that waits for a
// late one waits in the kernel, without using a CPU (its own CPU clock says so: what load
// cannot raise).
#include "worker/start_line.hpp"

#include <gtest/gtest.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

using tare::worker::StartLine;

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

TEST(StartLine, EveryThreadCrossesOnlyOnceAllHaveArrivedCrossingAfterCrossing) {
  constexpr int kThreads = 4, kCrossings = 2000;
  for (const double spin_ns : {0.0, 50'000.0}) {
    StartLine line(kThreads, spin_ns);
    std::atomic<int> arrived{0};
    std::atomic<int> early{0};  // crossings a thread made before every thread had arrived
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&] {
        for (int crossing = 1; crossing <= kCrossings; ++crossing) {
          arrived.fetch_add(1);
          line.arrive_and_wait();
          if (arrived.load() < kThreads * crossing) early.fetch_add(1);
        }
      });
    for (auto& t : threads) t.join();
    EXPECT_EQ(early.load(), 0) << "spin " << spin_ns;
    EXPECT_EQ(arrived.load(), kThreads * kCrossings);
  }
}

// Two threads wait 200 ms for a third; spinning all along would cost each of them about that
// much CPU. They may spin for 50 µs at first.
TEST(StartLine, AThreadWaitingForALateOneUsesNoCpu) {
  StartLine line(3, 50'000);
  std::vector<double> waiting_cpu_ms(2, 0);
  std::vector<std::thread> waiting;
  for (int t = 0; t < 2; ++t)
    waiting.emplace_back([&, t] {
      const double before = thread_cpu_ms();
      line.arrive_and_wait();
      waiting_cpu_ms[t] = thread_cpu_ms() - before;
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  line.arrive_and_wait();
  for (auto& t : waiting) t.join();
  for (const double ms : waiting_cpu_ms) EXPECT_LT(ms, 20) << "a waiting thread used " << ms << " ms of CPU";
}

}  // namespace
