// The active clock: switching, tick conversion, and smoke checks of the real clocks
// (properties only; no timing thresholds, the machine is shared and noisy).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "clock/active_clock.hpp"
#include "clock/calibrate_tsc.hpp"
#include "clock/tsc_invariant.hpp"

namespace {

namespace clk = tare::clock;

class ActiveClock : public ::testing::Test {
 protected:
  void TearDown() override { clk::use_monotonic(); }
};

TEST_F(ActiveClock, MonotonicIsTheDefault) {
  EXPECT_FALSE(tare::detail::g_use_tsc);
  EXPECT_FALSE(clk::using_tsc());
}

TEST_F(ActiveClock, MonotonicTicksAreNanoseconds) {
  clk::use_monotonic();
  EXPECT_FALSE(clk::using_tsc());
  EXPECT_EQ(clk::ticks_to_ns(1000), 1000.0);
  EXPECT_EQ(clk::ticks_to_ns(0), 0.0);
  EXPECT_EQ(clk::tsc_ghz(), 0.0);
  EXPECT_EQ(clk::active_name(), "clock_gettime(CLOCK_MONOTONIC)");
}

TEST_F(ActiveClock, TscTicksDivideByTheRate) {
  if (!TARE_HAS_TSC) GTEST_SKIP() << "no TSC on this architecture";
  clk::use_tsc(2.0);
  EXPECT_TRUE(clk::using_tsc());
  EXPECT_TRUE(tare::detail::g_use_tsc);
  EXPECT_EQ(clk::ticks_to_ns(1000), 500.0);
  EXPECT_EQ(clk::tsc_ghz(), 2.0);
  EXPECT_EQ(clk::active_name(), "tsc");

  clk::use_monotonic();
  EXPECT_FALSE(tare::detail::g_use_tsc);
  EXPECT_EQ(clk::ticks_to_ns(1000), 1000.0);
  EXPECT_EQ(clk::tsc_ghz(), 0.0);
}

TEST_F(ActiveClock, TscRejectsImpossibleRates) {
  if (!TARE_HAS_TSC) {
    EXPECT_THROW(clk::use_tsc(2.0), std::logic_error);
    return;
  }
  EXPECT_THROW(clk::use_tsc(0), std::invalid_argument);
  EXPECT_THROW(clk::use_tsc(-1), std::invalid_argument);
  EXPECT_THROW(clk::use_tsc(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  EXPECT_THROW(clk::use_tsc(std::numeric_limits<double>::infinity()), std::invalid_argument);
  EXPECT_FALSE(clk::using_tsc());
}

TEST_F(ActiveClock, SelectBestPicksAConsistentClock) {
  clk::select_best(std::chrono::milliseconds(5));
  if (clk::using_tsc()) {
    EXPECT_TRUE(TARE_HAS_TSC);
    EXPECT_TRUE(clk::tsc_invariant());
    EXPECT_GE(clk::tsc_ghz(), 0.2);
    EXPECT_LE(clk::tsc_ghz(), 10.0);
    EXPECT_EQ(clk::active_name(), "tsc");
  } else {
    EXPECT_EQ(clk::tsc_ghz(), 0.0);
    EXPECT_EQ(clk::active_name(), "clock_gettime(CLOCK_MONOTONIC)");
  }
}

TEST_F(ActiveClock, CalibrationGivesARateWhereThereIsATsc) {
  const double ghz = clk::calibrate_tsc(std::chrono::milliseconds(1)).ghz;
  if (TARE_HAS_TSC) {
    EXPECT_GT(ghz, 0.0);
  } else {
    EXPECT_EQ(ghz, 0.0);
  }
}

// The calibration stops once its bound is met, or at its longest span with the bound it
// reached: never short of both.
TEST_F(ActiveClock, CalibrationReachesItsErrorBoundOrItsLongestSpan) {
  if (!TARE_HAS_TSC) GTEST_SKIP() << "no TSC";
  const clk::TscRate rate = clk::calibrate_tsc(std::chrono::milliseconds(200), clk::kTscRateError);
  EXPECT_GT(rate.ghz, 0.0);
  EXPECT_TRUE(rate.relative_error <= clk::kTscRateError || rate.span_ns >= 200e6)
      << "bound " << rate.relative_error << " after " << rate.span_ns << " ns";
  // The bound covers at least the clock's quanta over the span.
  EXPECT_GE(rate.relative_error, 2 / rate.span_ns);
}

TEST(TscRateErrorBound, IsHalfTheBracketsOverTheSpanPlusTheClocksQuanta) {
  // 1,000,000 ticks over 1,000,000 ns, brackets of 80 and 120 ticks: 100 / 1e6 + 2 / 1e6.
  EXPECT_DOUBLE_EQ(clk::tsc_rate_error_bound(1e6, 1e6, 80, 120), 1.02e-4);
  // Ten times the span, a tenth of the error.
  EXPECT_DOUBLE_EQ(clk::tsc_rate_error_bound(1e7, 1e7, 80, 120), 1.02e-5);
  EXPECT_EQ(clk::tsc_rate_error_bound(0, 1e6, 80, 120), 1.0);
  EXPECT_EQ(clk::tsc_rate_error_bound(1e6, 0, 80, 120), 1.0);
}

void expect_sane(const clk::Characterization& c) {
  EXPECT_GT(c.resolution_ns, 0.0);
  EXPECT_GT(c.overhead_ns, 0.0);
  EXPECT_TRUE(std::isfinite(c.resolution_ns));
  EXPECT_TRUE(std::isfinite(c.overhead_ns));
}

TEST_F(ActiveClock, CharacterizeMonotonicGivesPositiveFiniteNumbers) {
  clk::use_monotonic();
  expect_sane(clk::characterize_active());
}

TEST_F(ActiveClock, CharacterizeBestGivesPositiveFiniteNumbers) {
  clk::select_best(std::chrono::milliseconds(5));
  expect_sane(clk::characterize_active());
}

}  // namespace
