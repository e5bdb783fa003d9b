// TickClock, the probe's default clock: a background thread publishes the time every
// millisecond. It must move, and a forked child (which has no ticker thread) must get one
// of its own on its first fine read. Waits are generous upper bounds on what a loaded
// machine may take to schedule the thread, not timings being asserted.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include "tare/probe.hpp"

namespace tare::probe::tick_clock_test {

// Whether TickClock::now() moves from `from` within 10 s.
bool tick_moves_from(std::int64_t from) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (TickClock::now() != from) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

TEST(TickClock, MovesAndRestartsInAForkedChild) {
  EXPECT_EQ(TickClock::resolution_ns(), 1'000'000);  // starts the ticker
  EXPECT_TRUE(tick_moves_from(TickClock::now()));
  const pid_t child = fork();
  if (child == 0) {
    if (TickClock::now() != 0) _exit(2);  // marked stale by the fork handler
    (void)TickClock::fine_now();          // a sampled call's fine read: restarts the ticker
    if (TickClock::now() == 0) _exit(3);  // restarted with the current time
    _exit(tick_moves_from(TickClock::now()) ? 0 : 4);
  }
  ASSERT_GT(child, 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "2: tick not stale after fork, 3: not restarted, 4: does not move";
}

}  // namespace tare::probe::tick_clock_test
