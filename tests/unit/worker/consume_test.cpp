// consume/opaque/clobber accept every kind of value a benchmark produces (the asm
// constraints differ by type and compiler) and never change it.
#include "tare/consume.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace {
struct Big {
  std::array<long, 16> values{};
};
}  // namespace

TEST(Consume, AcceptsScalarsFloatsPointersAndLargeOrNonTrivialObjects) {
  int i = 42;
  const int ci = 7;
  const double cd = 1.0;
  double d = 2.5;
  float f = 1.5f;
  long double ld = 0.25L;
  char small[3] = {'a', 'b', 'c'};
  Big big;
  big.values[3] = 9;
  std::string text = "kept";
  std::vector<int> v{1, 2, 3};
  int* p = &i;

  tare::consume(i);
  tare::consume(ci);
  tare::consume(cd);
  tare::consume(d);
  tare::consume(f);
  tare::consume(ld);
  tare::consume(small);
  tare::consume(big);
  tare::consume(text);
  tare::consume(v);
  tare::consume(p);
  tare::consume(i + 1);  // a temporary
  tare::clobber();

  EXPECT_EQ(i, 42);
  EXPECT_EQ(d, 2.5);
  EXPECT_EQ(f, 1.5f);
  EXPECT_EQ(ld, 0.25L);
  EXPECT_EQ(small[2], 'c');
  EXPECT_EQ(big.values[3], 9);
  EXPECT_EQ(text, "kept");
  EXPECT_EQ(v.size(), 3u);
}

TEST(Opaque, ReturnsTheValueUnchanged) {
  EXPECT_EQ(tare::opaque(42), 42);
  EXPECT_EQ(tare::opaque(std::uint64_t{1} << 40), std::uint64_t{1} << 40);
  EXPECT_EQ(tare::opaque(2.5), 2.5);
  EXPECT_EQ(tare::opaque(1.5f), 1.5f);
  EXPECT_EQ(tare::opaque(0.25L), 0.25L);
  EXPECT_EQ(tare::opaque(std::string("x")), "x");
  Big big;
  big.values[15] = 4;
  EXPECT_EQ(tare::opaque(big).values[15], 4);
  int i = 3;
  EXPECT_EQ(tare::opaque(&i), &i);
}
