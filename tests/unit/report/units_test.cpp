// format_duration_ns and format_score: 3 significant digits on the scale that suits.
#include <gtest/gtest.h>

#include <limits>

#include "report/console.hpp"

namespace tare::report {
namespace {

TEST(FormatDuration, ThreeSignificantDigitsOnTheRightScale) {
  EXPECT_EQ(format_duration_ns(12.34), "12.3 ns");
  EXPECT_EQ(format_duration_ns(4561), "4.56 µs");
  EXPECT_EQ(format_duration_ns(1.234e6), "1.23 ms");
  EXPECT_EQ(format_duration_ns(2e9), "2.00 s");
  EXPECT_EQ(format_duration_ns(123.456), "123 ns");
  EXPECT_EQ(format_duration_ns(0.5), "0.500 ns");
  EXPECT_EQ(format_duration_ns(0.01234), "0.0123 ns");
  EXPECT_EQ(format_duration_ns(0), "0 ns");
}

TEST(FormatDuration, RoundingUpMovesToTheNextUnit) {
  EXPECT_EQ(format_duration_ns(999.96), "1.00 µs");
  EXPECT_EQ(format_duration_ns(9.996), "10.0 ns");
  EXPECT_EQ(format_duration_ns(99.96), "100 ns");
  EXPECT_EQ(format_duration_ns(999.4), "999 ns");
}

TEST(FormatDuration, SecondsDoNotGrowAPrefix) { EXPECT_EQ(format_duration_ns(1234e9), "1234 s"); }

TEST(FormatDuration, NonFiniteIsNotANumber) {
  EXPECT_EQ(format_duration_ns(std::numeric_limits<double>::quiet_NaN()), "n/a");
  EXPECT_EQ(format_duration_ns(std::numeric_limits<double>::infinity()), "n/a");
}

TEST(FormatScore, TimePerOperation) {
  EXPECT_EQ(format_score(12.34, "ns/op"), "12.3 ns/op");
  EXPECT_EQ(format_score(4561, "ns/op"), "4.56 µs/op");
  EXPECT_EQ(format_score(2.5, "us/op"), "2.50 µs/op");
  EXPECT_EQ(format_score(2500, "us/op"), "2.50 ms/op");
  EXPECT_EQ(format_score(0.25, "s/op"), "250 ms/op");
}

TEST(FormatScore, OperationsPerTime) {
  EXPECT_EQ(format_score(1.234e6, "ops/s"), "1.23 Mops/s");
  EXPECT_EQ(format_score(456000, "ops/s"), "456 kops/s");
  EXPECT_EQ(format_score(12.3, "ops/s"), "12.3 ops/s");
  EXPECT_EQ(format_score(4.56e9, "ops/s"), "4.56 Gops/s");
  EXPECT_EQ(format_score(1500, "ops/ms"), "1.50 Mops/s");  // rescaled to per second
  EXPECT_EQ(format_score(999999, "ops/s"), "1.00 Mops/s");
}

TEST(FormatScore, OtherUnitsAreKept) {
  EXPECT_EQ(format_score(4096, "B/op"), "4096 B/op");
  EXPECT_EQ(format_score(0.9, "valid/op"), "0.900 valid/op");
  EXPECT_EQ(format_score(1.5, ""), "1.50");
}

}  // namespace
}  // namespace tare::report
