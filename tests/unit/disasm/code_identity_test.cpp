// The pure half of code_identity on the real sum_loop fixtures: a function's entry, count
// and digest from its listing and symbol range, and where its hottest loop starts.
#include "disasm/code_identity.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "disasm/padding.hpp"
#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

const FunctionCosts& sum_loop_costs(const CallgrindProfile& profile) {
  const auto found = std::find_if(profile.functions.begin(), profile.functions.end(),
                                  [](const FunctionCosts& f) { return f.function.rfind("sum_loop(", 0) == 0; });
  if (found == profile.functions.end()) throw std::runtime_error("no sum_loop in the fixture");
  return *found;
}

TEST(CodeIdentity, AFunctionIsItsRangesInstructionsHashedFromItsEntry) {
  const auto listing = parse_objdump(testing::fixture("sum_loop.objdump"));
  ASSERT_FALSE(listing.empty());
  const FunctionRange range{0x1260, 0x129f};  // through its last ret
  const auto function = code_function("sum_loop(int const*, int, unsigned long)", listing, range);
  EXPECT_EQ(function.address, 0x1260u);
  // Its instructions but the padding (one nopw before the loop).
  const auto in_range = std::count_if(listing.begin(), listing.end(), [&](const DisassembledInstruction& i) {
    return range.holds(i.address) && !is_no_op(i);
  });
  EXPECT_GT(in_range, 0);
  EXPECT_EQ(function.instructions, static_cast<std::uint64_t>(in_range));
  EXPECT_LT(in_range, std::count_if(listing.begin(), listing.end(),
                                    [&](const DisassembledInstruction& i) { return range.holds(i.address); }));
  EXPECT_EQ(function.digest.size(), 16u);
  // Fewer instructions (the range cut short) are other code.
  EXPECT_NE(code_function("sum_loop", listing, {0x1260, 0x1290}).digest, function.digest);
}

TEST(CodeIdentity, TheHotLoopStartsAtTheHottestRegionsFirstInstruction) {
  const auto profile = parse_callgrind(testing::fixture("sum_loop.callgrind"));
  const auto listing = parse_objdump(testing::fixture("sum_loop.objdump"));
  std::vector<DisassembledInstruction> own;
  for (const auto& i : listing)
    if (i.symbol.rfind("sum_loop(", 0) == 0) own.push_back(i);
  ASSERT_FALSE(own.empty());
  EXPECT_EQ(hot_loop_start(sum_loop_costs(profile), own), std::optional<std::uint64_t>(0x1280));
  EXPECT_FALSE(hot_loop_start(sum_loop_costs(profile), {}));
}

}  // namespace
}  // namespace tare::disasm
