// match_code: the same code in place or moved (its entries, or only its hot loop), byte-
// identical binaries, a changed function, one a side lacks, a name two functions share,
// and the hot loops' offsets in their cache lines.
#include "compare/code_match.hpp"

#include <gtest/gtest.h>

namespace tare::compare {
namespace {

results::CodeIdentity timed_code_at(std::uint64_t shift) {
  results::CodeIdentity code;
  code.functions = {{"run(int)", "1111111111111111", 0x1200 + shift, 20},
                    {"timed_loop<run>", "2222222222222222", 0x1400 + shift, 40}};
  code.hot_function = "run(int)";
  code.hot_loop_address = 0x1230 + shift;
  return code;
}

TEST(CodeMatch, TheSameCodeInTheSamePlaceIsSameAndNotMoved) {
  const CodeMatch match = match_code(timed_code_at(0), timed_code_at(0));
  EXPECT_TRUE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_FALSE(match.identical);  // only the files can say that
  EXPECT_TRUE(match.changed.empty());
  EXPECT_EQ(match.base_loop_offset, std::optional<std::uint64_t>(0x30));
  EXPECT_EQ(match.candidate_loop_offset, std::optional<std::uint64_t>(0x30));
}

TEST(CodeMatch, TheSameCodeElsewhereIsSameAndMoved) {
  const CodeMatch match = match_code(timed_code_at(0), timed_code_at(0x50));
  EXPECT_TRUE(match.same);
  EXPECT_TRUE(match.moved);
  EXPECT_TRUE(match.changed.empty());
  EXPECT_EQ(match.base_loop_offset, std::optional<std::uint64_t>(0x30));
  EXPECT_EQ(match.candidate_loop_offset, std::optional<std::uint64_t>((0x1230 + 0x50) % 64));
}

TEST(CodeMatch, TheSameEntriesWithTheHotLoopElsewhereAreMoved) {
  // Other padding before the loop: every function starts where it did, the loop does not.
  auto candidate = timed_code_at(0);
  candidate.hot_loop_address = *candidate.hot_loop_address + 8;
  const CodeMatch match = match_code(timed_code_at(0), candidate);
  EXPECT_TRUE(match.same);
  EXPECT_TRUE(match.moved);
  EXPECT_EQ(match.candidate_loop_offset, std::optional<std::uint64_t>(0x30 + 8));
  // A side that did not find its loop is no evidence that it moved.
  candidate.hot_loop_address.reset();
  EXPECT_FALSE(match_code(timed_code_at(0), candidate).moved);
}

TEST(CodeMatch, IdenticalBinariesAreTheSameCodeNotMoved) {
  const CodeMatch match = identical_code();
  EXPECT_TRUE(match.identical);
  EXPECT_TRUE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_FALSE(match.path_differs);
  EXPECT_TRUE(match.changed.empty());
}

TEST(CodeMatch, AChangedFunctionIsNamedAndTheCodeIsNotSame) {
  auto candidate = timed_code_at(0x50);
  candidate.functions[0].digest = "3333333333333333";
  const CodeMatch match = match_code(timed_code_at(0), candidate);
  EXPECT_FALSE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_EQ(match.changed, std::vector<std::string>{"run(int)"});
  EXPECT_TRUE(match.candidate_loop_offset);  // known whatever the code
}

TEST(CodeMatch, AFunctionOneSideLacksIsChanged) {
  auto candidate = timed_code_at(0);
  candidate.functions.push_back({"helper()", "4444444444444444", 0x1600, 5});
  auto base = timed_code_at(0);
  base.functions.erase(base.functions.begin());  // no run(int)
  const CodeMatch match = match_code(base, candidate);
  EXPECT_FALSE(match.same);
  EXPECT_EQ(match.changed, (std::vector<std::string>{"helper()", "run(int)"}));
}

TEST(CodeMatch, FunctionsSharingANameCompareAsSets) {
  auto base = timed_code_at(0);
  base.functions.push_back({"run(int)", "0000000000000005", 0x1800, 6});  // a static namesake
  auto candidate = timed_code_at(0);
  candidate.functions.insert(candidate.functions.begin(), {"run(int)", "0000000000000005", 0x1800, 6});
  EXPECT_TRUE(match_code(base, candidate).same);
  candidate.functions[0].digest = "0000000000000006";
  EXPECT_EQ(match_code(base, candidate).changed, std::vector<std::string>{"run(int)"});
}

TEST(CodeMatch, NothingKnownIsNoEvidenceOfTheSameCodeAndNoLoopHasNoOffset) {
  const CodeMatch match = match_code(results::CodeIdentity{}, results::CodeIdentity{});
  EXPECT_FALSE(match.same);
  EXPECT_FALSE(match.moved);
  EXPECT_TRUE(match.changed.empty());
  EXPECT_FALSE(match.base_loop_offset);
  EXPECT_FALSE(match.candidate_loop_offset);
}

}  // namespace
}  // namespace tare::compare

namespace tare::compare {
namespace {

results::CodeIdentity counted(std::uint64_t invocations, std::uint64_t instructions) {
  results::CodeIdentity code = timed_code_at(0x40);
  code.invocations = invocations;
  code.instructions = instructions;
  return code;
}

TEST(CodeMatch, TheSameCodeExecutingMoreInstructionsIsNotSame) {
  // A set-up that gives the benchmark more data: not one byte of its code changed.
  const CodeMatch match = match_code(counted(1024, 1024 * 100), counted(1024, 1024 * 100 + 1));
  EXPECT_FALSE(match.same);
  EXPECT_TRUE(match.path_differs);
  EXPECT_TRUE(match.changed.empty());
  EXPECT_DOUBLE_EQ(match.base_instructions, 100);
}

TEST(CodeMatch, CountsOverBatchesOfOtherSizesCompareAsRatesAndUnknownCountsDoNotDecide) {
  EXPECT_TRUE(match_code(counted(1024, 1024 * 100), counted(2048, 2048 * 100)).same);
  EXPECT_FALSE(match_code(counted(1024, 1024 * 100), counted(2048, 2048 * 101)).same);
  EXPECT_TRUE(match_code(counted(0, 0), counted(2048, 2048 * 101)).same);
}

}  // namespace
}  // namespace tare::compare
