// The runner's commands: each type's line is the one the protocol has always sent, reads back
// to the value written (edge counts included), and a line that is no command, or one with the
// wrong words, is a ProtocolError quoting it.
#include "worker/protocol_commands.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "worker/protocol_words.hpp"

using namespace tare::worker;

namespace {

constexpr std::uint64_t kHugeCount = std::numeric_limits<std::uint64_t>::max();

void expect_refused(const std::string& line, const std::string& expected) {
  try {
    parse_command(line);
    ADD_FAILURE() << "accepted: '" << line << "'";
  } catch (const ProtocolError& e) {
    EXPECT_EQ(std::string(e.what()), expected + ": " + line);
  }
}

}  // namespace

TEST(ProtocolCommands, EachCommandIsTheLineItAlwaysWas) {
  EXPECT_EQ(to_line(TakeSamples{1024, 5}), "sample 1024 5");
  EXPECT_EQ(to_line(TimeFloor{65536}), "floor 65536");
  EXPECT_EQ(to_line(TimeReference{}), "reference");
  EXPECT_EQ(to_line(BeginMeasurement{}), "begin");
  EXPECT_EQ(to_line(CountBatch{false, 8}), "count body 8");
  EXPECT_EQ(to_line(CountBatch{true, 16}), "count empty 16");
  EXPECT_EQ(to_line(Finish{}), "finish");
}

TEST(ProtocolCommands, EachCommandReadsBackAsWritten) {
  const Command commands[] = {TakeSamples{1024, 5}, TakeSamples{0, 0},  TakeSamples{kHugeCount, kHugeCount},
                              TimeFloor{1},         TimeFloor{kHugeCount},  TimeReference{},
                              BeginMeasurement{},   CountBatch{false, 0}, CountBatch{true, kHugeCount},
                              Finish{}};
  for (const Command& command : commands) {
    const auto back = parse_command(to_line(command));
    ASSERT_TRUE(back) << to_line(command);
    EXPECT_EQ(*back, command) << to_line(command);
  }
}

TEST(ProtocolCommands, BlankLinesAskNothing) {
  EXPECT_FALSE(parse_command(""));
  EXPECT_FALSE(parse_command("   "));
}

TEST(ProtocolCommands, MalformedCommandsAreRefused) {
  for (const char* line : {"sample 1", "sample 1 2 3", "floor", "floor 1 2", "count body", "count full 8",
                           "reference now", "begin 1", "finish later"})
    expect_refused(line, "a malformed command from the runner");
  for (const char* line : {"sample -1 2", "sample 1 x", "floor 1.5", "floor 18446744073709551616", "count empty +3"})
    expect_refused(line, "a bad number in a command from the runner");
  for (const char* line : {"dance", "s 1 2 3", "Sample 1 2"}) expect_refused(line, "unknown command from the runner");
}
