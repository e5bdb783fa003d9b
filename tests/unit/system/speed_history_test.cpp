// The history of the machine's speed: real files in a scratch directory.
#include "system/speed_history.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "fake_root.hpp"
#include "support/scoped_env.hpp"

using tare::system::SpeedReading;

namespace {

using tare::test::ScopedEnv;

}  // namespace

TEST(SpeedHistory, ReadingsAppendAndReadBackForTheirMachineOnly) {
  tare::test::FakeRoot dir;
  const auto path = dir.path() / "nested" / "speed-history.jsonl";  // the folder is created
  ASSERT_TRUE(tare::system::append_speed_reading(path, {100, "a | cpu | 2 cpus", 3.5}));
  ASSERT_TRUE(tare::system::append_speed_reading(path, {200, "b | cpu | 2 cpus", 9.0}));
  ASSERT_TRUE(tare::system::append_speed_reading(path, {300, "a | cpu | 2 cpus", 3.75}));
  const auto readings = tare::system::read_speed_history(path, "a | cpu | 2 cpus");
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_EQ(readings[0].time, 100);
  EXPECT_EQ(readings[0].reference_ns, 3.5);
  EXPECT_EQ(readings[1].time, 300);
  EXPECT_EQ(readings[1].reference_ns, 3.75);
  EXPECT_TRUE(tare::system::read_speed_history(dir.path() / "none.jsonl", "a | cpu | 2 cpus").empty());
}

TEST(SpeedHistory, LinesThatDoNotParseAreSkipped) {
  tare::test::FakeRoot dir;
  dir.write("h.jsonl",
            "{\"time\": 1, \"machine\": \"m\", \"reference_ns\": 2.0}\n"
            "not json\n"
            "{\"time\": 2, \"machine\": \"m\"}\n"
            "{\"time\": 3, \"machine\": \"m\", \"reference_ns\": -1}\n"
            "{\"time\": 4, \"machine\": \"m\", \"reference_ns\": 2.5}\n"
            "{\"time\": 5, \"machine\": \"m\", \"refer");  // torn
  const auto path = dir.path() / "h.jsonl";
  ASSERT_EQ(tare::system::read_speed_history(path, "m").size(), 2u);
  // The torn line stays torn; the next reading is a line of its own.
  ASSERT_TRUE(tare::system::append_speed_reading(path, {6, "m", 3.0}));
  const auto readings = tare::system::read_speed_history(path, "m");
  ASSERT_EQ(readings.size(), 3u);
  EXPECT_EQ(readings[1].time, 4);
  EXPECT_EQ(readings[2].time, 6);
}

TEST(SpeedHistory, AnOvergrownHistoryKeepsItsNewestHalf) {
  tare::test::FakeRoot dir;
  const auto path = dir.path() / "h.jsonl";
  {
    std::ofstream out(path);
    const std::string pad(60, 'x');  // lines as long as a real host and CPU model make them
    for (std::size_t i = 0; i < tare::system::kMaxHistoryLines; ++i)
      out << "{\"time\": " << i << ", \"machine\": \"" << pad << "\", \"reference_ns\": 1.0}\n";
  }
  ASSERT_TRUE(tare::system::append_speed_reading(path, {99999, std::string(60, 'x'), 2.0}));
  const auto readings = tare::system::read_speed_history(path, std::string(60, 'x'));
  ASSERT_EQ(readings.size(), tare::system::kMaxHistoryLines / 2);
  EXPECT_EQ(readings.back().time, 99999);
  EXPECT_EQ(readings.front().time, static_cast<std::int64_t>(tare::system::kMaxHistoryLines / 2 + 1));
}

TEST(SpeedHistory, AnUnwritablePlaceIsReportedNotThrown) {
  EXPECT_FALSE(tare::system::append_speed_reading("/proc/tare-cannot-write/h.jsonl", {1, "m", 1.0}));
}

TEST(SpeedHistory, ThePathFollowsTareHistoryThenTheCacheHome) {
  {
    ScopedEnv history("TARE_HISTORY", "/tmp/x.jsonl");
    EXPECT_EQ(tare::system::speed_history_path(), std::filesystem::path("/tmp/x.jsonl"));
  }
  {
    ScopedEnv history("TARE_HISTORY", "off");
    EXPECT_FALSE(tare::system::speed_history_path().has_value());
  }
  ScopedEnv history("TARE_HISTORY", nullptr);
  {
    ScopedEnv cache("XDG_CACHE_HOME", "/c");
    EXPECT_EQ(tare::system::speed_history_path(), std::filesystem::path("/c/tare/speed-history.jsonl"));
  }
  ScopedEnv cache("XDG_CACHE_HOME", nullptr);
  ScopedEnv home("HOME", "/h");
  EXPECT_EQ(tare::system::speed_history_path(), std::filesystem::path("/h/.cache/tare/speed-history.jsonl"));
}

// The history as the runner's store (results/store.hpp): a finished run recorded is read
// back for its machine; a run without a reference reading leaves the file as it was.
TEST(SpeedHistory, ARecordedRunIsReadBackAsItsMachinesReading) {
  tare::test::FakeRoot dir;
  const auto path = dir.path() / "speed-history.jsonl";
  tare::system::SpeedHistory history(path);
  EXPECT_EQ(history.location(), path.string());
  tare::results::Run run;
  run.context.host = "box";
  run.context.cpu.model = "cpu";
  run.context.cpu.cores = 4;
  run.context.reference_ns = 0;
  history.record(run);
  EXPECT_FALSE(std::filesystem::exists(path));
  run.context.reference_ns = 2.25;
  history.record(run);
  const auto readings = history.speed_readings("box | cpu | 4 cpus");
  ASSERT_EQ(readings.size(), 1u);
  EXPECT_EQ(readings[0].reference_ns, 2.25);
  EXPECT_GT(readings[0].time, 0);
  EXPECT_TRUE(history.speed_readings("other | cpu | 4 cpus").empty());
}

TEST(SpeedHistory, OffMeansNoHistoryToOpen) {
  ScopedEnv history("TARE_HISTORY", "off");
  EXPECT_EQ(tare::system::open_speed_history(), nullptr);
  ScopedEnv file("TARE_HISTORY", "/tmp/x.jsonl");
  const auto opened = tare::system::open_speed_history();
  ASSERT_NE(opened, nullptr);
  EXPECT_EQ(opened->location(), "/tmp/x.jsonl");
}
