// annotate on the real sum_loop fixtures (callgrind's counts joined with objdump's listing)
// and on a synthetic deleted loop.
#include "disasm/annotate.hpp"

#include <gtest/gtest.h>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

double shares_in_all(const results::AsmProfile& hot) {
  double sum = hot.before.share + hot.after.share + hot.more_functions.share;
  for (const auto& instruction : hot.listing) sum += instruction.share;
  for (const auto& function : hot.other_functions) sum += function.share;
  return sum;
}

TEST(Annotate, TheSumsInnerLoopIsTheHottestRegion) {
  const auto hot = annotate(parse_callgrind(testing::fixture("sum_loop.callgrind")),
                            parse_objdump(testing::fixture("sum_loop.objdump")));
  EXPECT_EQ(hot.instructions, 32623u);
  EXPECT_EQ(hot.function, "sum_loop(int const*, int, unsigned long)");
  EXPECT_DOUBLE_EQ(hot.function_share, 32608.0 / 32623);
  ASSERT_EQ(hot.other_functions.size(), 1u);
  EXPECT_EQ(hot.other_functions[0].function, "main");
  EXPECT_FALSE(hot.optimized_away);
  std::vector<std::uint64_t> hot_addresses;
  for (const auto& instruction : hot.listing)
    if (instruction.hot) hot_addresses.push_back(instruction.address);
  EXPECT_EQ(hot_addresses, (std::vector<std::uint64_t>{0x1280, 0x1283, 0x1287, 0x128a, 0x128d}));
  // Four instructions of context either side; six before them, three after (not _fini's).
  ASSERT_EQ(hot.listing.size(), 13u);
  EXPECT_EQ(hot.listing.front().address, 0x1270u);
  EXPECT_EQ(hot.listing.front().source, "sum_loop.cpp:7");
  EXPECT_EQ(hot.listing[4].text, "movslq (%rax),%r8");
  EXPECT_DOUBLE_EQ(hot.listing[4].share, 6400.0 / 32623);
  EXPECT_EQ(hot.before.count, 6);
  EXPECT_DOUBLE_EQ(hot.before.share, 6.0 / 32623);
  EXPECT_EQ(hot.after.count, 3);
  EXPECT_NEAR(shares_in_all(hot), 1.0, 1e-12);
}

TEST(Annotate, ALoopThatOnlyCountsAndHoldsMostOfTheCountIsWorkOptimizedAway) {
  CallgrindProfile profile;
  profile.event = "Ir";
  FunctionCosts loop{"/bench", "timed_loop<deleted>", 0, {{0x10, 1}, {0x13, 1000}, {0x16, 1000}, {0x1a, 1000}, {0x1c, 1}}};
  loop.cost = 3002;
  profile.functions.push_back(loop);
  profile.functions.push_back({"/bench", "harness", 2990, {{0x900, 2990}}});
  profile.total = 5992;
  const auto listing = parse_objdump(
      "0000000000000010 <timed_loop<deleted>>:\n"
      "      10:\ttest   %rbx,%rbx\n"
      "      13:\tmov    %rbx,%rdx\n"
      "      16:\tsub    $0x1,%rdx\n"
      "      1a:\tjne    13 <timed_loop<deleted>+0x3>\n"
      "      1c:\tret\n");
  // Half of all instructions counted or more are the loop's: optimized away.
  EXPECT_TRUE(annotate(profile, listing).optimized_away);
  // Less than half: the work may be elsewhere (a function the loop calls, say).
  profile.functions[1].cost = profile.functions[1].instructions[0x900] = 3100;
  profile.total = 6102;
  EXPECT_FALSE(annotate(profile, listing).optimized_away);
}

TEST(Annotate, NothingCountedGivesAnEmptyListing) {
  CallgrindProfile profile;
  profile.event = "Ir";
  const auto hot = annotate(profile, {});
  EXPECT_EQ(hot.instructions, 0u);
  EXPECT_TRUE(hot.listing.empty());
  EXPECT_FALSE(hot.optimized_away);
}

}  // namespace
}  // namespace tare::disasm
