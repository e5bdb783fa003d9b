// Items and bytes per second from a score: the amount over the time per operation, the
// interval turned the same way (a time's bounds swap), nothing without an amount or a score.
#include <gtest/gtest.h>

#include <optional>

#include "analysis/rates.hpp"

namespace tare::analysis {
namespace {

TEST(Rates, ATimePerOperationGivesTheAmountOverItsTimeWithTheBoundsSwapped) {
  const auto rate = rate_per_second(1000, 500.0, results::Interval{0.95, 400, 800}, Mode::avgt);
  ASSERT_TRUE(rate);
  EXPECT_DOUBLE_EQ(rate->value, 2e9);  // 1000 items in 500 ns
  ASSERT_TRUE(rate->ci);
  EXPECT_DOUBLE_EQ(rate->ci->level, 0.95);
  EXPECT_DOUBLE_EQ(rate->ci->low, 1000 * 1e9 / 800);
  EXPECT_DOUBLE_EQ(rate->ci->high, 1000 * 1e9 / 400);
}

TEST(Rates, AThroughputIsScaledByTheAmount) {
  const auto rate = rate_per_second(64, 1e6, results::Interval{0.95, 9e5, 1.1e6}, Mode::thrpt);
  ASSERT_TRUE(rate);
  EXPECT_DOUBLE_EQ(rate->value, 64e6);
  ASSERT_TRUE(rate->ci);
  EXPECT_DOUBLE_EQ(rate->ci->low, 64 * 9e5);
  EXPECT_DOUBLE_EQ(rate->ci->high, 64 * 1.1e6);
}

TEST(Rates, NoIntervalWhereATimesLowerBoundIsNotPositive) {
  const auto rate = rate_per_second(8, 2.0, results::Interval{0.95, -1, 5}, Mode::sample);
  ASSERT_TRUE(rate);
  EXPECT_DOUBLE_EQ(rate->value, 4e9);
  EXPECT_FALSE(rate->ci);
  EXPECT_FALSE(rate_per_second(8, 2.0, std::nullopt, Mode::avgt)->ci);
}

TEST(Rates, NoneWithoutAnAmountOrAScore) {
  EXPECT_FALSE(rate_per_second(0, 10.0, std::nullopt, Mode::avgt));
  EXPECT_FALSE(rate_per_second(10, std::nullopt, std::nullopt, Mode::avgt));
  EXPECT_FALSE(rate_per_second(10, 0.0, std::nullopt, Mode::avgt));
}

TEST(Rates, TheBenchmarksDeclaredAmountsGiveItsRates) {
  results::Benchmark b;
  b.mode = Mode::avgt;
  b.score = 100;
  b.items_per_op = 10;
  add_rates(b);
  ASSERT_TRUE(b.items_per_second);
  EXPECT_DOUBLE_EQ(b.items_per_second->value, 1e8);
  EXPECT_FALSE(b.bytes_per_second) << "no bytes declared";
}

// The rate's interval is the score's headline turned: across runs once that is known.
TEST(Rates, TheRatesIntervalIsTheScoresHeadlineTurned) {
  results::Benchmark b;
  b.mode = Mode::avgt;
  b.score = 100;
  b.items_per_op = 10;
  b.ci = results::Interval{0.95, 80, 125};
  add_rates(b);
  ASSERT_TRUE(b.items_per_second && b.items_per_second->ci);
  EXPECT_DOUBLE_EQ(b.items_per_second->ci->low, 8e7);
  EXPECT_DOUBLE_EQ(b.items_per_second->ci->high, 1.25e8);
  b.ci_across_runs = results::Interval{0.95, 50, 200};
  add_rates(b);
  ASSERT_TRUE(b.items_per_second && b.items_per_second->ci);
  EXPECT_DOUBLE_EQ(b.items_per_second->ci->low, 5e7);
  EXPECT_DOUBLE_EQ(b.items_per_second->ci->high, 2e8);
}

}  // namespace
}  // namespace tare::analysis
