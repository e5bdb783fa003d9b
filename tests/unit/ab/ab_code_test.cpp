// tare ab's code check on real binaries (tests/e2e/carried_state_bench.cpp built two ways):
// a benchmark whose calls depend on state earlier calls left, rebuilt with only its
// placement changed, is the same code executing as many instructions, because both sides'
// counted batches come after the same commands; byte-identical builds are known as such
// from their files. Exact facts whatever the load.
#include "ab/ab_code.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "system/find_on_path.hpp"

#ifdef TARE_CARRIED_BASE
namespace tare::ab {
namespace {

std::optional<runner::HotCodeTools> carried_tools() {
#ifdef TARE_SANITIZE
  return std::nullopt;  // valgrind cannot run a binary built with sanitizers
#else
  const auto valgrind = system::find_on_path("valgrind");
  const auto objdump = system::find_on_path("objdump");
  if (!valgrind || !objdump) return std::nullopt;
  return runner::HotCodeTools{*valgrind, *objdump};
#endif
}

Listed carried_walk() {
  Listed b;
  b.name = "carried.walk";
  b.family = "carried.walk";
  return b;
}

TEST(AbCode, AStateCarriedFromCallToCallIsCountedAlikeOnBothSides) {
  const auto tools = carried_tools();
  if (!tools) GTEST_SKIP() << "needs valgrind and objdump (and no sanitizer)";
  compare::CompareRow row;
  std::vector<std::string> notes;
  check_timed_code(*tools, {TARE_CARRIED_BASE, TARE_CARRIED_UNRELATED}, carried_walk(), 60, row, notes);
  ASSERT_TRUE(row.code.has_value()) << (notes.empty() ? "" : notes.front());
  EXPECT_TRUE(row.code->changed.empty()) << row.code->changed.front();
  EXPECT_FALSE(row.code->path_differs) << row.code->base_instructions << " against " << row.code->candidate_instructions;
  EXPECT_EQ(row.code->base_instructions, row.code->candidate_instructions);
  EXPECT_GT(row.code->base_instructions, 0);
  EXPECT_TRUE(row.code->same);
  EXPECT_TRUE(row.code->moved);  // the unrelated function before it
  EXPECT_FALSE(row.code->identical);
}

TEST(AbCode, ByteIdenticalBuildsNeedNoCallgrind) {
  EXPECT_TRUE(identical_builds({TARE_CARRIED_BASE}, {TARE_CARRIED_BASE}));
  EXPECT_FALSE(identical_builds({TARE_CARRIED_BASE}, {TARE_CARRIED_UNRELATED}));
}

}  // namespace
}  // namespace tare::ab
#endif
