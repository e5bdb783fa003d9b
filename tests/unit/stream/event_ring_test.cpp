#include "stream/event_ring.hpp"

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
    for (const auto& e : out) EXPECT_EQ(e.event_time_ns, next_out++);
  }
  EXPECT_EQ(ring.size(), static_cast<std::size_t>(next_in - next_out));
  out.clear();
  EXPECT_EQ(ring.pop(100000, out), ring.size() + out.size());
  for (const auto& e : out) EXPECT_EQ(e.event_time_ns, next_out++);
  EXPECT_TRUE(ring.empty());
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
