// characterize() against fake clocks whose quantum and per-read cost are known exactly:
// no real time is involved, so the expectations are deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "clock/characterize.hpp"

namespace {

/// Shows its time rounded down to a multiple of `quantum`; each read advances the time by
/// `cost`, as a real clock's own read does.
struct FakeClock {
  double quantum;
  double cost;
  double now = 0;
  std::uint64_t reads = 0;
  // Every `jump_every`-th read (0: never) the time also leaps by `jump`, like an interrupt.
  std::uint64_t jump_every = 0;
  double jump = 0;

  double operator()() {
    const double shown = std::floor(now / quantum) * quantum;
    now += cost;
    ++reads;
    if (jump_every != 0 && reads % jump_every == 0) now += jump;
    return shown;
  }
};

TEST(Characterize, CoarseClockWithCheaperReads) {
  FakeClock clock{100, 25};
  const auto c = tare::clock::characterize(clock);
  EXPECT_GE(c.resolution_ns, 100);
  EXPECT_LE(c.resolution_ns, 125);
  EXPECT_NEAR(c.overhead_ns, 25, 25 * 0.05);
}

TEST(Characterize, FineClockWithExpensiveReads) {
  FakeClock clock{1, 20};
  const auto c = tare::clock::characterize(clock);
  EXPECT_GT(c.resolution_ns, 0);
  EXPECT_LE(c.resolution_ns, 21);
  EXPECT_NEAR(c.overhead_ns, 20, 20 * 0.05);
}

TEST(Characterize, CostThatDoesNotDivideTheQuantumFromAnOddPhase) {
  FakeClock clock{100, 30, 37};
  const auto c = tare::clock::characterize(clock);
  EXPECT_GE(c.resolution_ns, 100);
  EXPECT_LE(c.resolution_ns, 130);
  EXPECT_NEAR(c.overhead_ns, 30, 30 * 0.05);
}

TEST(Characterize, OverheadIsTheMedianSoAFewInterruptedRepeatsDoNotCount) {
  // 7 repeats of 10,000 reads; a 1 ms leap every 25,000 reads lands in 2 of them.
  FakeClock clock{1, 20};
  clock.jump_every = 25000;
  clock.jump = 1e6;
  const auto c = tare::clock::characterize(clock, 10000, 7);
  EXPECT_NEAR(c.overhead_ns, 20, 20 * 0.05);
}

TEST(Characterize, ReadsAsManyTimesAsAsked) {
  FakeClock clock{1, 20};
  const auto c = tare::clock::characterize(clock, 100, 3);
  // 20 resolution spins of 2 reads each (every read shows a new value), then 3 x (1 + 100).
  EXPECT_EQ(clock.reads, 20u * 2 + 3u * 101);
  EXPECT_NEAR(c.overhead_ns, 20, 1e-9);
}

TEST(Characterize, StuckClockTerminatesWithZeroes) {
  std::uint64_t reads = 0;
  auto stuck = [&reads]() {
    ++reads;
    return 42.0;
  };
  const auto c = tare::clock::characterize(stuck, 1000, 3);
  EXPECT_EQ(c.resolution_ns, 0);
  EXPECT_EQ(c.overhead_ns, 0);
  EXPECT_GT(reads, 0u);
}

TEST(Characterize, NoRepeatsLeavesOverheadAtZero) {
  FakeClock clock{100, 25};
  const auto c = tare::clock::characterize(clock, 1000, 0);
  EXPECT_EQ(c.resolution_ns, 100);
  EXPECT_EQ(c.overhead_ns, 0);
}

}  // namespace
