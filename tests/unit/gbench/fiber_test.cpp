#include "fiber.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace tare::gbench {
namespace {

TEST(Fiber, YieldsAndResumesWithItsLocalsAsTheyWere) {
  std::vector<int> seen;
  Fiber* self = nullptr;
  Fiber fiber([&] {
    int local = 0;
    for (int i = 0; i < 3; ++i) {
      seen.push_back(++local);
      self->yield();
    }
    seen.push_back(100 + local);
  });
  self = &fiber;
  EXPECT_TRUE(seen.empty());  // not started until resumed
  for (int i = 0; i < 3; ++i) {
    fiber.resume();
    EXPECT_FALSE(fiber.finished());
  }
  fiber.resume();
  EXPECT_TRUE(fiber.finished());
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 103}));
}

TEST(Fiber, WhatTheBodyThrowsReachesTheResumeThatRanIt) {
  Fiber fiber([] { throw std::runtime_error("from the call"); });
  try {
    fiber.resume();
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "from the call");
  }
  EXPECT_TRUE(fiber.finished());
  EXPECT_THROW(fiber.resume(), std::logic_error);
}

// A benchmark may keep megabytes on its stack, as on a thread's.
TEST(Fiber, HasAThreadsWorthOfStack) {
  long sum = 0;
  Fiber fiber([&] {
    volatile char big[4 << 20];
    for (std::size_t i = 0; i < sizeof big; i += 4096) big[i] = 1;
    for (std::size_t i = 0; i < sizeof big; i += 4096) sum += big[i];
  });
  fiber.resume();
  EXPECT_TRUE(fiber.finished());
  EXPECT_EQ(sum, (4 << 20) / 4096);
}

TEST(Fiber, OneLeftPartWayIsAbandonedWithoutHarm) {
  int steps = 0;
  {
    Fiber* self = nullptr;
    Fiber fiber([&] {
      // On the fiber's stack, freed with it unwound or not. (What a local owns on the heap
      // stays allocated: a call is abandoned only when its worker process ends.)
      volatile char held[1000];
      held[0] = 'x';
      if (held[0] != 'x') return;
      ++steps;
      self->yield();
      ++steps;
    });
    self = &fiber;
    fiber.resume();
  }
  EXPECT_EQ(steps, 1);
}

}  // namespace
}  // namespace tare::gbench
