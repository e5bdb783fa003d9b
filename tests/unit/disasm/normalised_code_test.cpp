// Normalised code: the same function listed at two addresses (its data and callees moved
// too), or padded otherwise (real listings of one function built with other alignments),
// hashes equal; a changed instruction, immediate, callee, datum or branch does not.
#include "disasm/normalised_code.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

// sum() at 0x1260, reading `scale` at 0x4010 and calling log_sum through the PLT at 0x1030.
const char* const kSumAt1260 =
    "0000000000001260 <sum(int const*, unsigned long)>:\n"
    "    1260:\tendbr64\n"
    "    1264:\ttest   %rsi,%rsi\n"
    "    1267:\tje     1290 <sum(int const*, unsigned long)+0x30>\n"
    "    1269:\tlea    (%rdi,%rsi,4),%rdx\n"
    "    126d:\txor    %eax,%eax\n"
    "    126f:\tnop\n"
    "    1270:\tmovslq (%rdi),%rcx\n"
    "    1273:\tadd    $0x4,%rdi\n"
    "    1277:\tadd    %rcx,%rax\n"
    "    127a:\tcmp    %rdi,%rdx\n"
    "    127d:\tjne    1270 <sum(int const*, unsigned long)+0x10>\n"
    "    127f:\tmov    0x2d8b(%rip),%ecx        # 4010 <scale>\n"
    "    1285:\timul   %rcx,%rax\n"
    "    1289:\tcall   1030 <log_sum@plt>\n"
    "    128e:\tret\n"
    "    128f:\tnop\n"
    "    1290:\txor    %eax,%eax\n"
    "    1292:\tret\n";
constexpr FunctionRange kRange1260{0x1260, 0x1293};

// The same code 0x200 bytes further on, its datum at 0x4050 and the PLT at 0x1040.
std::string sum_moved(const std::string& replace_what = "", const std::string& with = "") {
  std::string text =
      "0000000000001460 <sum(int const*, unsigned long)>:\n"
      "    1460:\tendbr64\n"
      "    1464:\ttest   %rsi,%rsi\n"
      "    1467:\tje     1490 <sum(int const*, unsigned long)+0x30>\n"
      "    1469:\tlea    (%rdi,%rsi,4),%rdx\n"
      "    146d:\txor    %eax,%eax\n"
      "    146f:\tnop\n"
      "    1470:\tmovslq (%rdi),%rcx\n"
      "    1473:\tadd    $0x4,%rdi\n"
      "    1477:\tadd    %rcx,%rax\n"
      "    147a:\tcmp    %rdi,%rdx\n"
      "    147d:\tjne    1470 <sum(int const*, unsigned long)+0x10>\n"
      "    147f:\tmov    0x2bcb(%rip),%ecx        # 4050 <scale>\n"
      "    1485:\timul   %rcx,%rax\n"
      "    1489:\tcall   1040 <log_sum@plt>\n"
      "    148e:\tret\n"
      "    148f:\tnop\n"
      "    1490:\txor    %eax,%eax\n"
      "    1492:\tret\n";
  if (!replace_what.empty()) {
    const auto at = text.find(replace_what);
    EXPECT_NE(at, std::string::npos) << replace_what;
    if (at != std::string::npos) text.replace(at, replace_what.size(), with);
  }
  return text;
}
constexpr FunctionRange kRange1460{0x1460, 0x1493};

std::string digest_of(const std::string& listing, FunctionRange range) {
  return code_digest(normalised_code(parse_objdump(listing), range));
}

TEST(NormalisedCode, TheSameFunctionAtTwoAddressesHashesEqual) {
  const auto at_1260 = normalised_code(parse_objdump(kSumAt1260), kRange1260);
  const auto at_1460 = normalised_code(parse_objdump(sum_moved()), kRange1460);
  ASSERT_EQ(at_1260.size(), 16u);  // 18 instructions, 2 of them padding
  EXPECT_EQ(at_1260, at_1460);
  EXPECT_EQ(code_digest(at_1260), code_digest(at_1460));
  EXPECT_EQ(code_digest(at_1260).size(), 16u);
}

TEST(NormalisedCode, WhatDependsOnPlacementIsRewrittenAndNothingElse) {
  const auto lines = normalised_code(parse_objdump(kSumAt1260), kRange1260);
  ASSERT_EQ(lines.size(), 16u);
  EXPECT_EQ(lines[2], "je @14");              // a branch inside: its target's index, padding aside
  EXPECT_EQ(lines[9], "jne @5");
  EXPECT_EQ(lines[10], "mov (%rip),%ecx # <scale>");  // the datum by its symbol
  EXPECT_EQ(lines[12], "call <log_sum@plt>");  // a call elsewhere: the callee's symbol
  EXPECT_EQ(lines[5], "movslq (%rdi),%rcx");   // the rest as objdump prints it
  EXPECT_EQ(lines[6], "add $0x4,%rdi");
  EXPECT_EQ(lines[4], "xor %eax,%eax");        // the nop after it left out
}

TEST(NormalisedCode, AnyChangeToTheCodeHashesDifferent) {
  const std::string moved = digest_of(sum_moved(), kRange1460);
  // One instruction changed.
  EXPECT_NE(digest_of(sum_moved("add    %rcx,%rax", "sub    %rcx,%rax"), kRange1460), moved);
  // An immediate changed.
  EXPECT_NE(digest_of(sum_moved("add    $0x4,%rdi", "add    $0x8,%rdi"), kRange1460), moved);
  // A call to another function.
  EXPECT_NE(digest_of(sum_moved("1040 <log_sum@plt>", "1050 <log_product@plt>"), kRange1460), moved);
  // Another datum read.
  EXPECT_NE(digest_of(sum_moved("4050 <scale>", "4058 <offset>"), kRange1460), moved);
  // An instruction more (where padding was).
  EXPECT_NE(digest_of(sum_moved("146f:\tnop", "146f:\tcltq"), kRange1460), moved);
  // A branch to another place of the function.
  EXPECT_NE(digest_of(sum_moved("jne    1470 <sum(int const*, unsigned long)+0x10>",
                                "jne    1469 <sum(int const*, unsigned long)+0x9>"),
                      kRange1460),
            moved);
}

std::string loop_padding_digest(const std::string& way) {
  const auto listing = parse_objdump(testing::fixture("loop_padding_" + way + ".objdump"));
  EXPECT_FALSE(listing.empty()) << way;
  if (listing.empty()) return "";
  return code_digest(normalised_code(listing, {listing.front().address, listing.back().address + 1}));
}

TEST(NormalisedCode, RealListingsPaddedOtherwiseHashEqual) {
  // count_matches() with no padding at all, and moved with nopl before its loop and
  // data16 cs nopw ... xchg %ax,%ax after its ret, or with a nopl alone: every jump
  // inside it lands 2 to 19 bytes elsewhere from its entry, on the same instruction.
  const std::string none = loop_padding_digest("none");
  EXPECT_EQ(loop_padding_digest("32"), none);
  EXPECT_EQ(loop_padding_digest("64"), none);
  // One immediate changed (cmp $0x63 for $0x64), the padding as in "32".
  EXPECT_NE(loop_padding_digest("changed"), none);
}

TEST(NormalisedCode, BranchesInsideLandOnTheirTargetsIndex) {
  const auto listing = parse_objdump(testing::fixture("loop_padding_32.objdump"));
  ASSERT_FALSE(listing.empty());
  const auto lines = normalised_code(listing, {listing.front().address, listing.back().address + 1});
  ASSERT_EQ(lines.size(), 21u);  // 25 instructions, 4 of them padding
  EXPECT_EQ(lines[1], "je @19");   // past the padding after ret: the xor
  EXPECT_EQ(lines[4], "jmp @11");  // into the loop
  EXPECT_EQ(lines[10], "je @18");  // the ret
  EXPECT_EQ(lines[13], "jne @5");  // the loop's head, after the nopl
  EXPECT_EQ(lines[19], "xor %eax,%eax");
}

TEST(NormalisedCode, AJumpToPaddingLandsOnWhatFollowsAndOneIntoAnInstructionOnItsOffset) {
  const auto listing = parse_objdump(
      "    1000:\tjmp    1003 <f+0x3>\n"
      "    1002:\tnop\n"
      "    1003:\tnop\n"
      "    1004:\tmov    $0x1,%eax\n"
      "    1009:\tjne    1006 <f+0x6>\n"
      "    100b:\tlea    -0xd(%rip),%rdx        # 1000 <f>\n"
      "    1012:\tret\n");
  const FunctionCode function(listing, {0x1000, 0x1013});
  ASSERT_EQ(function.code().size(), 5u);
  EXPECT_EQ(function.position(0x1002), "@1");  // a jump to padding runs on into the mov
  EXPECT_EQ(function.position(0x1003), "@1");
  EXPECT_EQ(function.position(0x1006), "+0x6");  // inside the mov: only the bytes say what runs
  EXPECT_EQ(normalised_instruction(listing[0], function), "jmp @1");
  EXPECT_EQ(normalised_instruction(listing[4], function), "jne +0x6");
  // A place of its own named in a comment is a position too.
  EXPECT_EQ(normalised_instruction(listing[5], function), "lea (%rip),%rdx # @0");
}

TEST(NormalisedCode, OffsetsIntoOtherSymbolsAndUnnamedAddressesStay) {
  const FunctionCode function({}, {0x1000, 0x1100});
  DisassembledInstruction jump;
  jump.mnemonic = "jmp";
  jump.operands = "2040 <other+0x1c>";
  jump.branch_target = 0x2040;
  EXPECT_EQ(normalised_instruction(jump, function), "jmp <other+0x1c>");
  DisassembledInstruction read;
  read.mnemonic = "mov";
  read.operands = "-0x18(%rip),%rax";
  read.comment = "3fe8";  // no symbol: nothing but the address says what it is
  EXPECT_EQ(normalised_instruction(read, function), "mov (%rip),%rax # 3fe8");
  DisassembledInstruction indirect;
  indirect.mnemonic = "call";
  indirect.operands = "*0x2fe2(%rip)";
  indirect.comment = "3fd8 <puts@GLIBC_2.2.5>";
  EXPECT_EQ(normalised_instruction(indirect, function), "call *(%rip) # <puts@GLIBC_2.2.5>");
}

TEST(NormalisedCode, DigestIsFnv1a64OfTheLines) {
  // FNV-1a 64 of "" is its offset basis; of "a\n", a known value.
  EXPECT_EQ(code_digest({}), "cbf29ce484222325");
  EXPECT_EQ(code_digest({"a"}), "089bdc07b544e7b2");
  EXPECT_NE(code_digest({"a", "b"}), code_digest({"ab"}));
}

}  // namespace
}  // namespace tare::disasm
