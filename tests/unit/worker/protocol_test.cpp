#include "worker/protocol.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "worker/layout.hpp"

using namespace tare::worker;

TEST(Protocol, SamplesRoundTripExactly) {
  tare::results::Sample s{123456789, 1234567.0, 1300000.5, {3, 0.25}, 4500.0, 2, 812.5, 2.5e8, 1100000.25};
  const auto back = parse_sample(format_sample(s));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->ops, s.ops);
  EXPECT_EQ(back->ns, s.ns);
  EXPECT_EQ(back->cpu_ns, s.cpu_ns);
  EXPECT_EQ(back->counters, s.counters);
  EXPECT_EQ(back->wait_ns, s.wait_ns);
  EXPECT_EQ(back->preemptions, s.preemptions);
  EXPECT_EQ(back->stolen_ns, s.stolen_ns);
  EXPECT_EQ(back->age_ns, s.age_ns);
  EXPECT_EQ(back->overlap_ns, s.overlap_ns);
  // A wait the kernel does not keep, and steal not known, travel as -1.
  const auto unknown = parse_sample(format_sample(tare::results::Sample{1, 2.0, 3.0, {}}));
  EXPECT_EQ(unknown->wait_ns, -1.0);
  EXPECT_EQ(unknown->stolen_ns, -1.0);
  EXPECT_EQ(unknown->overlap_ns, -1.0);  // one thread: nothing overlaps
}

TEST(Protocol, MalformedLinesAreRejected) {
  EXPECT_FALSE(parse_sample("s 1 2"));
  EXPECT_FALSE(parse_sample("s 1 2 3"));  // no wait and preemptions
  EXPECT_FALSE(parse_sample("s 1 2 3 4 x"));
  EXPECT_FALSE(parse_sample("s 1 2 3 4 5"));    // no steal
  EXPECT_FALSE(parse_sample("s 1 2 3 4 5 6"));  // no age
  EXPECT_FALSE(parse_sample("s 1 2 3 4 5 6 7"));  // no overlap
  EXPECT_FALSE(parse_sample("s x 2 3"));
  EXPECT_FALSE(parse_sample("q 1 2 3"));
  EXPECT_FALSE(parse_ready("ready 1 2 3 4"));
  EXPECT_FALSE(parse_finished("t 1 2 3 4 5 x"));
  EXPECT_FALSE(parse_finished("t 1 2 3 4 5"));  // no peak resident set
  const auto ready = parse_ready("ready 10 20 100 32 7");
  ASSERT_TRUE(ready);
  EXPECT_EQ(ready->env_pad, 100u);
  EXPECT_EQ(ready->stack_offset, 32u);
  EXPECT_EQ(ready->heap_offset, 7u);
  const auto finished = parse_finished("t 1 2 3 4 5 2048");
  ASSERT_TRUE(finished);
  EXPECT_EQ(finished->resources.involuntary_switches, 5);
  EXPECT_EQ(finished->resources.max_rss_kib, 2048);
}

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

// --prof perf: the events travel as one argument, only when there are any; the counts come
// back in one "p" line, each event's value, time enabled and time running.
TEST(Protocol, PerfEventsAndCountsRoundTrip) {
  WorkerSpec spec{"lookup.binary", {}, 1, 0, 1};
  EXPECT_EQ(to_args(spec).size(), 4u);  // no perf argument without events
  spec.perf_events = "1:2:0:0:6,0:0:0:0:6";
  EXPECT_EQ(parse_args(to_args(spec)).perf_events, spec.perf_events);
  EXPECT_THROW(parse_args({"bench=x", "perf="}), std::invalid_argument);
  tare::worker::PerfCounts counts;
  counts.ops = 4000;
  counts.readings = {{"", 16000, 900, 900}, {"", 0, 900, 0}};
  const std::string line = tare::worker::format_perf_counts(counts);
  EXPECT_EQ(line, "p 4000 16000 900 900 0 900 0");
  const auto back = tare::worker::parse_perf_counts(line);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->ops, 4000u);
  ASSERT_EQ(back->readings.size(), 2u);
  EXPECT_EQ(back->readings[0].value, 16000u);
  EXPECT_EQ(back->readings[1].enabled_ns, 900u);
  EXPECT_EQ(back->readings[1].running_ns, 0u);
  EXPECT_FALSE(tare::worker::parse_perf_counts("p 4000 1 2"));    // a reading cut short
  EXPECT_FALSE(tare::worker::parse_perf_counts("p x 1 2 3"));
  EXPECT_FALSE(tare::worker::parse_perf_counts("t 4000 1 2 3"));
  EXPECT_TRUE(tare::worker::parse_perf_counts("p 0"));  // no events counted
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

TEST(Protocol, AllocationTotalsRoundTrip) {
  const tare::results::Allocations counted{3000, 9000, 8999, 576000, 216};
  const auto back = parse_allocations(format_allocations(counted));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->ops, 3000u);
  EXPECT_EQ(back->allocations, 9000u);
  EXPECT_EQ(back->frees, 8999u);
  EXPECT_EQ(back->bytes, 576000u);
  EXPECT_EQ(back->peak_live_bytes, 216u);
  EXPECT_FALSE(parse_allocations("alloc 1 2 3 4"));
  EXPECT_FALSE(parse_allocations("alloc 1 2 3 4 -5"));
  EXPECT_FALSE(parse_allocations("t 1 2 3 4 5"));
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
