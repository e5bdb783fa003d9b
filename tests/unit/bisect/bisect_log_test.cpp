// The bisect's log: what one run appends, the next reads back; a line cut short by an
// interruption is ignored, and a failed step is never replayed.
#include "bisect/bisect_log.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "support/scratch_dir.hpp"

namespace tare::bisect {
namespace {

const BisectKey kKey{"a1", "b2", "make bench", "build/bench", "sort", "instructions", 0.005};

TEST(BisectLog, WhatOneRunLogsTheNextReadsBack) {
  const tare::test::ScratchDir dir("tare-bisect-log");
  const std::string path = (dir.path() / "bisect.jsonl").string();
  {
    BisectLog log(path);
    EXPECT_FALSE(log.key());
    log.start(kKey);
    log.built("a1", 0, 0);
    log.built("c3", std::nullopt, 125);
    log.failed("d4", "build", "the build failed (exit 2)");
    log.compared({"a1", "b2", 0}, Comparison{1.25, 1.2, 1.3, true});
    log.compared({"a1", "b2", 1}, Comparison{0.999, 0.99, 1.01, false});
  }
  const BisectLog read(path);
  ASSERT_TRUE(read.key());
  EXPECT_EQ(*read.key(), kKey);
  EXPECT_EQ(read.builds().size(), 2u);  // the failed build is tried again, not replayed
  EXPECT_EQ(read.builds().at("a1"), std::optional<int>(0));
  EXPECT_EQ(read.builds().at("c3"), std::nullopt);
  const Comparison first = read.comparisons().at({"a1", "b2", 0});
  EXPECT_EQ(first.ratio, 1.25);
  EXPECT_EQ(first.low, 1.2);
  EXPECT_EQ(first.high, 1.3);
  EXPECT_TRUE(first.slower);
  EXPECT_FALSE(read.comparisons().at({"a1", "b2", 1}).slower);
}

TEST(BisectLog, ALineCutShortIsIgnored) {
  const tare::test::ScratchDir dir("tare-bisect-log");
  const std::string path = (dir.path() / "bisect.jsonl").string();
  {
    BisectLog log(path);
    log.start(kKey);
    log.built("a1", 0, 0);
  }
  std::ofstream(path, std::ios::app) << R"({"step":"compare","base":"a1","new":"b2","repeat":0,"ratio":1.)";
  {
    BisectLog resumed(path);
    EXPECT_EQ(resumed.builds().size(), 1u);
    EXPECT_TRUE(resumed.comparisons().empty());
    resumed.compared({"a1", "b2", 0}, Comparison{1.5, 1.5, 1.5, true});  // on a line of its own
  }
  const BisectLog read(path);
  EXPECT_EQ(read.comparisons().size(), 1u);
  EXPECT_EQ(read.comparisons().at({"a1", "b2", 0}).ratio, 1.5);
}

}  // namespace
}  // namespace tare::bisect
