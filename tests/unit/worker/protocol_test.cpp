#include "worker/protocol.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "worker/layout.hpp"

using namespace tare::worker;

TEST(Protocol, WorkerArgumentsRoundTrip) {
  WorkerSpec spec{"lookup.binary", {{"size", "16"}, {"name", "a=b"}}, 2, 2.5, 99};
  const auto back = parse_args(to_args(spec));
  EXPECT_EQ(back.benchmark, spec.benchmark);
  EXPECT_EQ(back.params, spec.params);
  EXPECT_EQ(back.threads, 2);
  EXPECT_EQ(back.tsc_ghz, 2.5);
  EXPECT_EQ(back.layout_seed, 99u);
  EXPECT_EQ(back.occurrence, 0);
  spec.occurrence = 3;  // the fourth benchmark registered under that name
  EXPECT_EQ(parse_args(to_args(spec)).occurrence, 3);
  EXPECT_THROW(parse_args({"bench=x", "occurrence=-1"}), std::invalid_argument);
  EXPECT_THROW(parse_args({"threads=2"}), std::invalid_argument);
  EXPECT_THROW(parse_args({"bench=x", "colour=red"}), std::invalid_argument);
}

// The arguments are the words the runner has always passed, in this order.
TEST(Protocol, WorkerArgumentsAreTheWordsTheyAlwaysWere) {
  WorkerSpec spec{"lookup.binary", {{"size", "16"}}, 2, 2.5, 99, 1, "1:2:0:0:6", true, 2e9, 0.25};
  const std::vector<std::string> expected{"bench=lookup.binary", "threads=2", "tsc_ghz=2.5", "layout_seed=99",
                                          "occurrence=1", "perf=1:2:0:0:6", "alloc=1", "span_ns=2000000000",
                                          "invocation_ns=0.25", "param:size=16"};
  EXPECT_EQ(to_args(spec), expected);
  const WorkerSpec edge{"x", {}, 1, 0, std::numeric_limits<std::uint64_t>::max()};
  EXPECT_EQ(parse_args(to_args(edge)).layout_seed, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(parse_args(to_args(edge)).tsc_ghz, 0.0);
}

// --prof perf: the events travel as one argument, only when there are any.
TEST(Protocol, PerfEventsTravelOnlyWhenAskedFor) {
  WorkerSpec spec{"lookup.binary", {}, 1, 0, 1};
  EXPECT_EQ(to_args(spec).size(), 4u);  // no perf argument without events
  spec.perf_events = "1:2:0:0:6,0:0:0:0:6";
  EXPECT_EQ(parse_args(to_args(spec)).perf_events, spec.perf_events);
  EXPECT_THROW(parse_args({"bench=x", "perf="}), std::invalid_argument);
}

TEST(Protocol, AllocationCountingIsAskedForOnlyWhenWanted) {
  WorkerSpec spec{"lookup.binary", {}, 1, 0, 1};
  const auto plain = to_args(spec);
  EXPECT_EQ(std::count(plain.begin(), plain.end(), "alloc=1"), 0);  // workers without --prof alloc: as before
  EXPECT_FALSE(parse_args(plain).count_allocations);
  spec.count_allocations = true;
  EXPECT_TRUE(parse_args(to_args(spec)).count_allocations);
  EXPECT_THROW(parse_args({"bench=x", "alloc=yes"}), std::invalid_argument);
}

TEST(Layout, IsAPureFunctionOfTheSeedAndStaysInRange) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const auto a = derive_layout(seed);
    const auto b = derive_layout(seed);
    EXPECT_EQ(a.env_pad_bytes, b.env_pad_bytes);
    EXPECT_EQ(a.stack_offset_bytes, b.stack_offset_bytes);
    EXPECT_EQ(a.heap_offset_bytes, b.heap_offset_bytes);
    EXPECT_LT(a.env_pad_bytes, 4096u);
    EXPECT_LT(a.stack_offset_bytes, 4096u);
    EXPECT_EQ(a.stack_offset_bytes % 16, 0u);
    EXPECT_LE(a.heap_offset_bytes, 4096u);
  }
  EXPECT_NE(derive_layout(1).env_pad_bytes, derive_layout(2).env_pad_bytes);
}
