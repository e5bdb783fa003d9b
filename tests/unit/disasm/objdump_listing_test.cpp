// parse_objdump on real listings (fixtures/*.objdump): addresses, instruction text, the
// symbol and source line of each, branch targets.
#include "disasm/objdump_listing.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

const DisassembledInstruction& at(const std::vector<DisassembledInstruction>& listing, std::uint64_t address) {
  const auto found = std::find_if(listing.begin(), listing.end(), [&](const auto& i) { return i.address == address; });
  if (found == listing.end()) throw std::runtime_error("no instruction at " + std::to_string(address));
  return *found;
}

TEST(ObjdumpListing, EachInstructionWithItsSymbolAndSourceLine) {
  const auto listing = parse_objdump(testing::fixture("sum_loop.objdump"));
  ASSERT_EQ(listing.size(), 25u);  // 22 of sum_loop, 3 of _fini
  const auto& first = listing.front();
  EXPECT_EQ(first.address, 0x1260u);
  EXPECT_EQ(first.symbol, "sum_loop(int const*, int, unsigned long)");
  EXPECT_EQ(first.text(), "test %rdx,%rdx");
  EXPECT_EQ(first.source, "sum_loop.cpp:6");
  const auto& load = at(listing, 0x1280);
  EXPECT_EQ(load.mnemonic, "movslq");
  EXPECT_EQ(load.operands, "(%rax),%r8");
  EXPECT_EQ(load.source, "sum_loop.cpp:7");  // "(discriminator 3)" is not part of it
  EXPECT_FALSE(load.branch_target);
  EXPECT_EQ(listing.back().symbol, "_fini");
  EXPECT_EQ(listing.back().source, "");  // no line information there
}

TEST(ObjdumpListing, BranchesKnowTheirTargetAndDropTheirOwnFunctionsName) {
  const auto listing = parse_objdump(testing::fixture("sum_loop.objdump"));
  const auto& back = at(listing, 0x128d);
  EXPECT_EQ(back.text(), "jne 1280");
  EXPECT_EQ(back.branch_target, 0x1280u);
  EXPECT_EQ(at(listing, 0x1263).branch_target, 0x1299u);
  EXPECT_EQ(at(listing, 0x1298).text(), "ret");
}

TEST(ObjdumpListing, CommentsAreKeptApartFromTheTextAndCallsToOthersKeepTheirName) {
  const auto listing = parse_objdump(
      "0000000000001000 <f>:\n"
      "    1000:\tcmpb   $0x0,0x2f(%rip)        # 1036 <tare_flag>\n"
      "    1007:\tcall   1040 <memcpy@plt>\n"
      "    100c:\tcs nopw 0x0(%rax,%rax,1)\n"
      "\t...\n");
  ASSERT_EQ(listing.size(), 3u);
  EXPECT_EQ(listing[0].text(), "cmpb $0x0,0x2f(%rip)");
  EXPECT_EQ(listing[0].comment, "1036 <tare_flag>");
  EXPECT_EQ(listing[1].comment, "");
  EXPECT_EQ(listing[1].text(), "call 1040 <memcpy@plt>");
  EXPECT_EQ(listing[1].branch_target, 0x1040u);
  EXPECT_EQ(listing[2].mnemonic, "cs");
  EXPECT_EQ(listing[2].source, "");
}

}  // namespace
}  // namespace tare::disasm
