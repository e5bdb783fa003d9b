// describe_clock copies the active clock's facts into the context (no timing thresholds).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "clock/active_clock.hpp"
#include "clock/clocksource.hpp"
#include "system/describe_clock.hpp"

namespace {

namespace clk = tare::clock;

class DescribeClock : public ::testing::Test {
 protected:
  void TearDown() override { clk::use_monotonic(); }
};

TEST_F(DescribeClock, Monotonic) {
  clk::use_monotonic();
  tare::results::Context ctx;
  tare::system::describe_clock(ctx, clk::characterize_active());
  EXPECT_EQ(ctx.clock.name, "clock_gettime(CLOCK_MONOTONIC)");
  EXPECT_EQ(ctx.clock.tsc_ghz, 0.0);
  EXPECT_GT(ctx.clock.resolution_ns, 0.0);
  EXPECT_GT(ctx.clock.overhead_ns, 0.0);
  EXPECT_TRUE(std::isfinite(ctx.clock.overhead_ns));
  EXPECT_EQ(ctx.clock.clocksource, clk::clocksource());
}

TEST_F(DescribeClock, BestClock) {
  clk::select_best(std::chrono::milliseconds(5));
  tare::results::Context ctx;
  tare::system::describe_clock(ctx, clk::characterize_active());
  EXPECT_EQ(ctx.clock.name, clk::active_name());
  EXPECT_EQ(ctx.clock.tsc_ghz, clk::tsc_ghz());
  EXPECT_GT(ctx.clock.resolution_ns, 0.0);
  EXPECT_GT(ctx.clock.overhead_ns, 0.0);
}

// The context carries the characterisation the run times with, not a second reading.
TEST_F(DescribeClock, ReportsTheCharacterisationItIsGiven) {
  clk::use_monotonic();
  tare::results::Context ctx;
  tare::system::describe_clock(ctx, clk::Characterization{3.5, 27.25});
  EXPECT_EQ(ctx.clock.resolution_ns, 3.5);
  EXPECT_EQ(ctx.clock.overhead_ns, 27.25);
}

}  // namespace
