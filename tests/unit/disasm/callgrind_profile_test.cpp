// parse_callgrind on a real callgrind output (fixtures/sum_loop.*) and on small texts that
// use each part of the format: name compression, relative positions, associations, parts.
#include "disasm/callgrind_profile.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "fixture_files.hpp"

namespace tare::disasm {
namespace {

TEST(CallgrindProfile, RealOutputGivesEachInstructionItsSelfCount) {
  const auto profile = parse_callgrind(testing::fixture("sum_loop.callgrind"));
  EXPECT_EQ(profile.event, "Ir");
  EXPECT_EQ(profile.total, 32623u);  // the file's own summary
  ASSERT_EQ(profile.functions.size(), 2u);  // the others only call (inclusive costs)
  const auto& loop = profile.functions[0];
  EXPECT_EQ(loop.function, "sum_loop(int const*, int, unsigned long)");
  EXPECT_EQ(loop.object, "/tmp/fx/sum_loop");  // named by a cob= line, used by ob=
  EXPECT_EQ(loop.cost, 32608u);
  EXPECT_EQ(loop.instructions.at(0x1260), 1u);
  // The inner loop: 100 passes over 64 numbers (a first pass, then 6300 more after a jump).
  for (const std::uint64_t address : {0x1280u, 0x1283u, 0x1287u, 0x128au, 0x128du})
    EXPECT_EQ(loop.instructions.at(address), 6400u) << std::hex << address;
  EXPECT_EQ(loop.instructions.at(0x128f), 100u);
  const auto& caller = profile.functions[1];
  EXPECT_EQ(caller.function, "main");
  EXPECT_EQ(caller.cost, 15u);  // not the 32608 its call to sum_loop cost inclusively
}

TEST(CallgrindProfile, RelativePositionsCountFromTheLastCostLineAndNotFromACallsTarget) {
  const auto profile = parse_callgrind(
      "positions: instr line\nevents: Ir Dr\n"
      "ob=(1) /bin/x\nfn=(7) f\n0x100 3 5 9\n+0x10 * 2\n-8 +1 1\n* * 4\n"
      "cfn=(8) g\ncalls=3 0x900 -2\n+1 * 99\n+2 * 1\n");
  ASSERT_EQ(profile.functions.size(), 1u);
  const auto& f = profile.functions[0];
  EXPECT_EQ(f.object, "/bin/x");
  EXPECT_EQ(f.instructions.at(0x100), 5u);
  EXPECT_EQ(f.instructions.at(0x110), 2u);
  EXPECT_EQ(f.instructions.at(0x108), 5u);  // 1, then 4 more at "*"
  EXPECT_EQ(f.instructions.count(0x109), 0u);  // the call's own line: g's cost, not f's
  EXPECT_EQ(f.instructions.at(0x10b), 1u);
  EXPECT_EQ(profile.total, 13u);
}

TEST(CallgrindProfile, CompressedNamesAndPartsAddUp) {
  const auto profile = parse_callgrind(
      "events: Ir\npositions: instr\n"
      "ob=(2) /lib/y.so\nfn=(1) hot\n0x10 40\nfn=(3) cold\n0x50 2\n"
      "part: 2\nob=(2)\nfn=(1)\n0x10 60\nob=(4) /bin/z\nfn=(1)\n0x10 1\n");
  ASSERT_EQ(profile.functions.size(), 3u);
  EXPECT_EQ(profile.functions[0].function, "hot");
  EXPECT_EQ(profile.functions[0].object, "/lib/y.so");
  EXPECT_EQ(profile.functions[0].cost, 100u);
  EXPECT_EQ(profile.functions[1].function, "cold");
  EXPECT_EQ(profile.functions[2].object, "/bin/z");  // the same name in another object
  EXPECT_EQ(profile.total, 103u);
}

TEST(CallgrindProfile, FilesItCannotUseAreRefusedNamingTheLine) {
  EXPECT_THROW(parse_callgrind("positions: line\nfn=f\n"), std::runtime_error);  // no events
  try {
    parse_callgrind("events: Ir\nfn=f\n12 3\n");
    FAIL() << "positions without instr were accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--dump-instr=yes"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_callgrind("positions: instr\nevents: Ir\nfn=f\n0x10 x\n"), std::runtime_error);
  EXPECT_THROW(parse_callgrind("positions: instr\nevents: Ir\nfn=(4)\n0x10 1\n"), std::runtime_error);
}

}  // namespace
}  // namespace tare::disasm
