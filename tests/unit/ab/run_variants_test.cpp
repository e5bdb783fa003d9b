// How a comparison of layout variants spreads the pairs asked for over the variants.
#include "ab/run_variants.hpp"

#include <gtest/gtest.h>

namespace tare::ab {
namespace {

TEST(RoundsPerVariant, TotalPairsSpreadOverVariantsEvenUnderADuet) {
  EXPECT_EQ(rounds_per_variant(0, 10, false), 1u);
  EXPECT_EQ(rounds_per_variant(0, 10, true), 2u);
  EXPECT_EQ(rounds_per_variant(25, 10, false), 3u);
  EXPECT_EQ(rounds_per_variant(4, 10, false), 1u);
  EXPECT_EQ(rounds_per_variant(4, 10, true), 2u);
  EXPECT_EQ(rounds_per_variant(30, 10, true), 4u);
}

}  // namespace
}  // namespace tare::ab
