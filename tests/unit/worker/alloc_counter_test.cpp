// Without the preload, a worker asked to count allocations refuses in words: the fork fails
// with a reason rather than reporting zero allocations.
#include "worker/alloc_counter.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

TEST(AllocationCounter, AbsentWithoutThePreloadAndSaysSo) {
  try {
    tare::worker::AllocationCounter::attach();
    ADD_FAILURE() << "attached without libtare_alloc.so";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("the allocation counter (libtare_alloc.so) is not loaded"), std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}
