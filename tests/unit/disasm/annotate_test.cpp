// annotate on the real sum_loop fixtures (callgrind's counts joined with objdump's listing)
// and on a synthetic deleted loop.
#include "disasm/annotate.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

double listed_share(const std::vector<results::AsmInstruction>& listing) {
  double sum = 0;
  for (const auto& instruction : listing) sum += instruction.share;
  return sum;
}

// A function `f` of `before` instructions counted once, a loop of `loop` instructions (adds,
// the counter's dec, the branch back) counted `iterations` times each, and `after`
// instructions counted once, 4 bytes apart from 0x1000: objdump's listing and callgrind's
// counts, with a harness function holding `elsewhere`.
struct LoopFunction {
  CallgrindProfile profile;
  std::vector<DisassembledInstruction> listing;
};

LoopFunction loop_function(std::size_t before, std::size_t loop, std::size_t after, std::uint64_t iterations,
                           std::uint64_t elsewhere = 100) {
  std::string text = "0000000000001000 <f>:\n";
  FunctionCosts f{"/bench", "f", 0, {}};
  const std::uint64_t loop_start = 0x1000 + 4 * before;
  for (std::size_t i = 0; i < before + loop + after; ++i) {
    const std::uint64_t address = 0x1000 + 4 * i;
    const bool in_loop = i >= before && i < before + loop;
    std::string instruction = "nop";
    if (in_loop) instruction = i + 2 < before + loop ? "add    $0x1,%rsi" : (i + 1 < before + loop ? "dec    %ecx" : "");
    if (in_loop && instruction.empty()) {
      char jump[64];
      std::snprintf(jump, sizeof jump, "jne    %llx <f+0x%llx>", static_cast<unsigned long long>(loop_start),
                    static_cast<unsigned long long>(loop_start - 0x1000));
      instruction = jump;
    }
    char line[96];
    std::snprintf(line, sizeof line, "    %llx:\t%s\n", static_cast<unsigned long long>(address), instruction.c_str());
    text += line;
    f.instructions[address] = in_loop ? iterations : 1;
    f.cost += f.instructions[address];
  }
  LoopFunction out;
  out.profile.event = "Ir";
  out.profile.functions = {f, {"/bench", "harness", elsewhere, {{0x9000, elsewhere}}}};
  out.profile.total = f.cost + elsewhere;
  out.listing = parse_objdump(text);
  return out;
}

double shares_in_all(const results::AsmProfile& hot) {
  double sum = hot.before.share + hot.after.share + hot.more_functions.share;
  for (const auto& instruction : hot.listing) sum += instruction.share;
  for (const auto& function : hot.other_functions) sum += function.share;
  return sum;
}

TEST(Annotate, TheSumsInnerLoopIsTheHottestRegion) {
  const auto hot = annotate(parse_callgrind(testing::fixture("sum_loop.callgrind")),
                            parse_objdump(testing::fixture("sum_loop.objdump")))
                        .shown;
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
  EXPECT_EQ(hot.region.instructions, 5);
  EXPECT_TRUE(hot.region.loop);
  EXPECT_DOUBLE_EQ(hot.region.share, 5 * 6400.0 / 32623);
  EXPECT_FALSE(hot.listing_cut);
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
  EXPECT_TRUE(annotate(profile, listing).shown.optimized_away);
  // Less than half: the work may be elsewhere (a function the loop calls, say).
  profile.functions[1].cost = profile.functions[1].instructions[0x900] = 3100;
  profile.total = 6102;
  EXPECT_FALSE(annotate(profile, listing).shown.optimized_away);
}

TEST(Annotate, ALoopOfTwoHundredInstructionsIsListedWhole) {
  // The harness holds enough that the once-counted instructions around the loop are each
  // far below the share left out of a listing.
  const auto f = loop_function(20, 200, 30, 16, 100000);
  const auto code = annotate(f.profile, f.listing);
  const auto& hot = code.shown;
  EXPECT_EQ(hot.region.instructions, 200);
  EXPECT_TRUE(hot.region.loop);
  EXPECT_FALSE(hot.listing_cut);
  int marked = 0;
  for (const auto& instruction : hot.listing) marked += instruction.hot ? 1 : 0;
  EXPECT_EQ(marked, 200);
  EXPECT_EQ(hot.listing.size(), 208u);  // four of context either side
  EXPECT_EQ(hot.before.count, 16);
  EXPECT_EQ(hot.after.count, 26);
  // What is listed and what is left out add up to the function's share.
  EXPECT_NEAR(hot.before.share + listed_share(hot.listing) + hot.after.share, hot.function_share, 1e-12);
  EXPECT_NEAR(hot.region.share, 200.0 * 16 / static_cast<double>(f.profile.total), 1e-12);
  EXPECT_NEAR(shares_in_all(hot), 1.0, 1e-12);
  EXPECT_EQ(code.whole.size(), 250u);
}

TEST(Annotate, BeyondTheInlineLimitTheCostliestStretchIsListedAndTheWholeListingKept) {
  const auto f = loop_function(20, 600, 30, 16);
  const auto code = annotate(f.profile, f.listing);
  const auto& hot = code.shown;
  EXPECT_EQ(hot.region.instructions, 600);
  EXPECT_TRUE(hot.listing_cut);
  EXPECT_EQ(hot.listing.size(), 400u);
  EXPECT_NEAR(hot.before.share + listed_share(hot.listing) + hot.after.share, hot.function_share, 1e-12);
  ASSERT_EQ(code.whole.size(), 650u);
  EXPECT_EQ(code.whole.front().address, 0x1000u);
  int marked = 0;
  for (const auto& instruction : code.whole) marked += instruction.hot ? 1 : 0;
  EXPECT_EQ(marked, 600);
  EXPECT_NEAR(listed_share(code.whole), hot.function_share, 1e-12);
  // The limit is a setting: 700 lists it all.
  AnnotationLimits roomy;
  roomy.max_listed = 700;
  EXPECT_FALSE(annotate(f.profile, f.listing, roomy).shown.listing_cut);
}

TEST(Annotate, WhatHoldsMoreThanASliverOutsideTheHottestRegionIsListedToo) {
  // An outer loop whose own instructions hold a third of the count, around an inner loop
  // that holds the rest: the inner loop is the hottest region, the outer one is listed too.
  //  0-1: prologue; 2-31: outer loop's body (30 instructions, 10 each); 32-34: inner loop
  //  (200 each); 35: the outer loop's branch back to 2; 36-99: cold code after it.
  std::string text = "0000000000002000 <g>:\n";
  FunctionCosts g{"/bench", "g", 0, {}};
  for (std::uint64_t i = 0; i < 100; ++i) {
    const std::uint64_t address = 0x2000 + 4 * i;
    std::string instruction = "nop";
    if (i == 34) instruction = "jne    2080 <g+0x80>";
    if (i == 35) instruction = "jne    2008 <g+0x8>";
    char line[96];
    std::snprintf(line, sizeof line, "    %llx:\t%s\n", static_cast<unsigned long long>(address), instruction.c_str());
    text += line;
    const std::uint64_t cost = i < 2 ? 1 : i < 32 ? 10 : i < 35 ? 200 : i == 35 ? 10 : 0;
    if (cost > 0) g.instructions[address] = cost;
    g.cost += cost;
  }
  CallgrindProfile profile;
  profile.event = "Ir";
  profile.functions = {g};
  profile.total = g.cost;
  const auto hot = annotate(profile, parse_objdump(text)).shown;
  EXPECT_EQ(hot.region.instructions, 3);
  ASSERT_FALSE(hot.listing.empty());
  EXPECT_LE(hot.listing.front().address, 0x2008u);  // the outer loop's first instruction is listed
  EXPECT_LE(hot.before.share, AnnotationLimits{}.most_left_out);
  EXPECT_LE(hot.after.share, AnnotationLimits{}.most_left_out);
  EXPECT_EQ(hot.after.count, 61);  // the cold code stays out, but for four of context
}

TEST(Annotate, NothingCountedGivesAnEmptyListing) {
  CallgrindProfile profile;
  profile.event = "Ir";
  const auto hot = annotate(profile, {}).shown;
  EXPECT_EQ(hot.instructions, 0u);
  EXPECT_TRUE(hot.listing.empty());
  EXPECT_FALSE(hot.optimized_away);
}

}  // namespace
}  // namespace tare::disasm
