#include "stream/driver/event_ring.hpp"

#include <gtest/gtest.h>

namespace tare::stream {
namespace {

Event event(std::int64_t t) {
  Event e;
  e.event_time_ns = t;
  return e;
}

TEST(EventRing, KeepsOrderAcrossGrowthAndWrapAround) {
  EventRing ring(1000, 4);
  std::vector<Event> out;
  std::int64_t next_in = 0, next_out = 0;
  // Interleave pushes and pops so the head wraps while the ring grows.
  for (int round = 0; round < 50; ++round) {
    for (int i = 0; i < 7; ++i) ASSERT_TRUE(ring.push(event(next_in++)));
    out.clear();
    ring.pop(5, out);
    ASSERT_EQ(out.size(), 5u);
    for (const auto& e : out) EXPECT_EQ(e.event_time_ns, next_out++);
  }
  EXPECT_EQ(ring.size(), static_cast<std::size_t>(next_in - next_out));
  out.clear();
  EXPECT_EQ(ring.pop(100000, out), ring.size() + out.size());
  ASSERT_FALSE(out.empty());
  for (const auto& e : out) EXPECT_EQ(e.event_time_ns, next_out++);
  EXPECT_TRUE(ring.empty());
}

// front() gives the oldest events that are contiguous; across the end of the storage it
// stops there, and the rest follows after drop().
TEST(EventRing, FrontStopsAtTheWrapAndDropContinuesAfterIt) {
  EventRing ring(8, 8);
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(ring.push(event(i)));
  ring.drop(5);  // head at slot 5, one event (5) left
  for (int i = 6; i < 11; ++i) ASSERT_TRUE(ring.push(event(i)));  // slots 6, 7, then 0, 1, 2
  ASSERT_EQ(ring.size(), 6u);
  const auto first = ring.front(100);
  ASSERT_EQ(first.size(), 3u);  // slots 5..7
  EXPECT_EQ(first[0].event_time_ns, 5);
  EXPECT_EQ(first[2].event_time_ns, 7);
  EXPECT_EQ(ring.front(2).size(), 2u);
  ring.drop(first.size());
  const auto second = ring.front(100);
  ASSERT_EQ(second.size(), 3u);
  EXPECT_EQ(second[0].event_time_ns, 8);
  EXPECT_EQ(second[2].event_time_ns, 10);
  ring.drop(3);
  EXPECT_TRUE(ring.empty());
  EXPECT_EQ(ring.front(4).size(), 0u);
}

TEST(EventRing, RefusesPastTheCapAndRecoversWhenDrained) {
  EventRing ring(10, 4);
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(ring.push(event(i)));
  EXPECT_FALSE(ring.push(event(10)));
  EXPECT_EQ(ring.size(), 10u);
  std::vector<Event> out;
  EXPECT_EQ(ring.pop(3, out), 3u);
  EXPECT_TRUE(ring.push(event(10)));
  out.clear();
  ring.pop(100, out);
  ASSERT_EQ(out.size(), 8u);
  EXPECT_EQ(out.front().event_time_ns, 3);
  EXPECT_EQ(out.back().event_time_ns, 10);
}

}  // namespace
}  // namespace tare::stream
