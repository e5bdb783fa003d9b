// Grouping, group reads and scaling for multiplexing, on synthetic events and readings.
#include "perf/grouping.hpp"

#include <linux/perf_event.h>

#include <gtest/gtest.h>

namespace {

using tare::perf::Encoding;
using tare::perf::Reading;

Encoding event_of_type(std::uint32_t type) {
  Encoding e;
  e.type = type;
  return e;
}

TEST(PerfGrouping, SoftwareTogetherHardwareInGroupsOfAtMostFour) {
  // Six hardware events (one a cache event) between four software ones.
  std::vector<Encoding> events;
  for (const auto type : {PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE, PERF_TYPE_HARDWARE, PERF_TYPE_HW_CACHE,
                          PERF_TYPE_SOFTWARE, PERF_TYPE_HARDWARE, PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE,
                          PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE})
    events.push_back(event_of_type(type));
  const auto groups = tare::perf::group_events(events);
  EXPECT_EQ(groups, (std::vector<std::vector<std::size_t>>{{1, 4, 7, 9}, {0, 2, 3, 5}, {6, 8}}));
  EXPECT_EQ(tare::perf::group_events(events, 2),
            (std::vector<std::vector<std::size_t>>{{1, 4, 7, 9}, {0, 2}, {3, 5}, {6, 8}}));
}

TEST(PerfGrouping, OnlyHardwareOrOnlySoftwareOrNothing) {
  EXPECT_EQ(tare::perf::group_events({event_of_type(PERF_TYPE_HARDWARE)}),
            (std::vector<std::vector<std::size_t>>{{0}}));
  EXPECT_EQ(tare::perf::group_events({event_of_type(PERF_TYPE_SOFTWARE), event_of_type(PERF_TYPE_SOFTWARE)}),
            (std::vector<std::vector<std::size_t>>{{0, 1}}));
  EXPECT_TRUE(tare::perf::group_events({}).empty());
}

TEST(PerfGrouping, AGroupReadGivesEachMemberTheGroupsTimes) {
  // { nr, time_enabled, time_running, value[nr] }
  const auto readings = tare::perf::readings_from_group({3, 1000, 400, 7, 8, 9}, 3);
  ASSERT_TRUE(readings);
  ASSERT_EQ(readings->size(), 3u);
  EXPECT_EQ((*readings)[1].value, 8u);
  EXPECT_EQ((*readings)[2].enabled_ns, 1000u);
  EXPECT_EQ((*readings)[2].running_ns, 400u);
  EXPECT_FALSE(tare::perf::readings_from_group({2, 1000, 400, 7, 8, 9}, 3));  // nr disagrees
  EXPECT_FALSE(tare::perf::readings_from_group({3, 1000, 400, 7, 8}, 3));     // short
}

TEST(PerfScaling, MultiplexedCountsAreScaledAndNeverRunIsNotZero) {
  // Counted a quarter of the time enabled: four times the raw count.
  EXPECT_DOUBLE_EQ(*tare::perf::scaled_count(Reading{1000, 400, 100}), 4000);
  EXPECT_DOUBLE_EQ(*tare::perf::scaled_count(Reading{1000, 400, 400}), 1000);
  // Running a little past enabled (the two times are read apart): no scaling down.
  EXPECT_DOUBLE_EQ(*tare::perf::scaled_count(Reading{1000, 400, 401}), 1000);
  EXPECT_FALSE(tare::perf::scaled_count(Reading{0, 400, 0}));
  EXPECT_FALSE(tare::perf::scaled_count(Reading{0, 0, 0}));
}

}  // namespace
