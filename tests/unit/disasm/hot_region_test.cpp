// hottest_region and shown_window on synthetic listings with known answers.
#include "disasm/hot_region.hpp"

#include <gtest/gtest.h>

namespace tare::disasm {
namespace {

// Instructions 4 bytes apart from 0x100 with the given costs; branches as (from, to) indices.
std::vector<CostedInstruction> listing_of(const std::vector<std::uint64_t>& costs,
                                          const std::vector<std::pair<std::size_t, std::size_t>>& branches) {
  std::vector<CostedInstruction> listing;
  for (std::size_t i = 0; i < costs.size(); ++i) listing.push_back({0x100 + 4 * i, costs[i], std::nullopt});
  for (const auto& [from, to] : branches) listing[from].branch_target = listing[to].address;
  return listing;
}

TEST(HotRegion, TheInnerLoopThatDoesTheWorkRatherThanTheLoopAroundIt) {
  //                         0  1  2    3    4    5   6  7  8
  const auto listing = listing_of({1, 1, 100, 100, 100, 10, 10, 1, 1}, {{4, 2}, {6, 1}});
  const auto region = hottest_region(listing);
  EXPECT_EQ(region.first, 2u);
  EXPECT_EQ(region.last, 4u);
  EXPECT_TRUE(region.is_loop);
}

TEST(HotRegion, TwoInnerLoopsSharingTheWorkGiveTheLoopAroundThem) {
  const auto listing = listing_of({1, 50, 50, 5, 50, 50, 5, 1}, {{2, 1}, {5, 4}, {6, 1}});
  const auto region = hottest_region(listing);
  EXPECT_EQ(region.first, 1u);
  EXPECT_EQ(region.last, 6u);
}

TEST(HotRegion, WithoutALoopTheExecutedRunAroundTheCostliestInstruction) {
  // A forward branch is no loop.
  const auto listing = listing_of({0, 3, 9, 3, 0, 7}, {{1, 4}});
  const auto region = hottest_region(listing);
  EXPECT_EQ(region.first, 1u);
  EXPECT_EQ(region.last, 3u);
  EXPECT_FALSE(region.is_loop);
}

TEST(HotRegion, ALoopHoldingLessThanHalfIsNotTheHottestRegion) {
  // Straight-line code called often (an allocator's fast path) with a cold loop in it.
  const auto listing = listing_of({9, 9, 9, 9, 2, 2, 0, 9, 9}, {{5, 4}});
  const auto region = hottest_region(listing);
  EXPECT_EQ(region.first, 0u);
  EXPECT_EQ(region.last, 5u);
  EXPECT_FALSE(region.is_loop);
}

TEST(HotRegion, TheWindowIsTheRegionWholeWithContextWhenTheRestHoldsLittle) {
  const std::vector<std::uint64_t> costs{0, 0, 0, 0, 0, 5, 5, 5, 0, 0, 0, 0, 0, 0};
  const auto listing = listing_of(costs, {{7, 5}});
  const auto window = shown_window(listing, {5, 7, true}, 2, 0);
  EXPECT_EQ(window.first, 3u);
  EXPECT_EQ(window.last, 9u);
  // 5-7 hold 15: allowed out, they stay out.
  const auto at_the_start = shown_window(listing, {0, 1, true}, 3, 15);
  EXPECT_EQ(at_the_start.first, 0u);
  EXPECT_EQ(at_the_start.last, 4u);
  // A long region is never cut: 300 instructions of a loop, all of them.
  const auto long_loop = listing_of(std::vector<std::uint64_t>(300, 7), {{299, 0}});
  const auto whole = shown_window(long_loop, {0, 299, true}, 4, 0);
  EXPECT_EQ(whole.first, 0u);
  EXPECT_EQ(whole.last, 299u);
}

TEST(HotRegion, TheWindowGrowsUntilWhatIsLeftOutEitherSideHoldsNoMoreThanAllowed) {
  // The inner loop (6-8) is the hottest region; the outer loop's instructions above it hold
  // a third of the count, a little after it, and a sliver far below.
  //                                  0  1  2   3   4   5  6   7   8  9  10 11 12 13
  const auto listing = listing_of({1, 1, 30, 30, 30, 0, 90, 90, 90, 2, 2, 0, 0, 1}, {{8, 6}, {10, 2}});
  const IndexRange region{6, 8, true};
  // Nothing may be left out that holds more than 1: the outer loop comes in whole.
  const auto window = shown_window(listing, region, 1, 1);
  EXPECT_EQ(window.first, 1u);  // instruction 0 (1) may stay out, instruction 1 with it would hold 2
  EXPECT_EQ(window.last, 10u);  // below: 11-13 hold 1
  // Allowing 100 out either side leaves out the 92 above the context, and the 3 below it.
  const auto wider = shown_window(listing, region, 1, 100);
  EXPECT_EQ(wider.first, 5u);
  EXPECT_EQ(wider.last, 9u);
}

TEST(HotRegion, TheCostliestStretchOfAWindowTooLongToPrint) {
  const auto listing = listing_of({1, 1, 1, 9, 9, 1, 1, 1}, {{7, 0}});
  const auto cut = costliest_stretch(listing, {0, 7, true}, 3);
  EXPECT_EQ(cut.first, 2u);  // 1 9 9 and 9 9 1 hold as much: the first
  EXPECT_EQ(cut.last, 4u);
  const auto inside = costliest_stretch(listing, {4, 7, false}, 2);
  EXPECT_EQ(inside.first, 4u);
  EXPECT_EQ(inside.last, 5u);
  const auto short_enough = costliest_stretch(listing, {1, 6, false}, 6);
  EXPECT_EQ(short_enough.first, 1u);
  EXPECT_EQ(short_enough.last, 6u);
}

}  // namespace
}  // namespace tare::disasm
