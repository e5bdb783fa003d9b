// Google Benchmark's names of the complexity classes, as its reports write them.
#include <gtest/gtest.h>

#include "gb_format.hpp"

namespace {

using tare::gbench::big_o_name;

TEST(GbFormat, BigONamesAreGoogleBenchmarks) {
  EXPECT_EQ(big_o_name(benchmark::o1), "(1)");
  EXPECT_EQ(big_o_name(benchmark::oN), "N");
  EXPECT_EQ(big_o_name(benchmark::oNSquared), "N^2");
  EXPECT_EQ(big_o_name(benchmark::oNCubed), "N^3");
  EXPECT_EQ(big_o_name(benchmark::oLogN), "lgN");
  EXPECT_EQ(big_o_name(benchmark::oNLogN), "NlgN");
  EXPECT_EQ(big_o_name(benchmark::oAuto), "f(N)");
  EXPECT_EQ(big_o_name(benchmark::oLambda), "f(N)");
}

}  // namespace
