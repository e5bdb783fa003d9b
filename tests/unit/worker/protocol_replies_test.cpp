// The worker's replies: each type's line is the one the protocol has always sent (byte for
// byte), reads back to the value written, edge values included, and a line that is not the
// reply expected is a ProtocolError that names the reply and quotes the line.
#include "worker/protocol_replies.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>

#include "worker/protocol_words.hpp"

using namespace tare::worker;
using tare::results::Allocations;
using tare::results::Sample;

namespace {

constexpr std::uint64_t kAllOnes = std::numeric_limits<std::uint64_t>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The parser refuses the line, naming the reply it expected and quoting the line.
template <class Parse>
void expect_refused(Parse parse, const std::string& line, const std::string& expected) {
  try {
    parse(line);
    ADD_FAILURE() << "accepted: '" << line << "'";
  } catch (const ProtocolError& e) {
    EXPECT_EQ(std::string(e.what()), expected + ": " + line);
    EXPECT_EQ(e.line(), line);
  }
}

void expect_same_sample(const Sample& a, const Sample& b) {
  EXPECT_EQ(a.ops, b.ops);
  EXPECT_EQ(a.ns, b.ns);
  EXPECT_EQ(a.cpu_ns, b.cpu_ns);
  EXPECT_EQ(a.wait_ns, b.wait_ns);
  EXPECT_EQ(a.preemptions, b.preemptions);
  EXPECT_EQ(a.stolen_ns, b.stolen_ns);
  EXPECT_EQ(a.age_ns, b.age_ns);
  EXPECT_EQ(a.overlap_ns, b.overlap_ns);
  EXPECT_EQ(a.span_ns, b.span_ns);
  ASSERT_EQ(a.counters.size(), b.counters.size());
  for (std::size_t i = 0; i < a.counters.size(); ++i) {
    if (std::isnan(a.counters[i])) EXPECT_TRUE(std::isnan(b.counters[i])) << i;
    else EXPECT_EQ(a.counters[i], b.counters[i]) << i;
  }
}

}  // namespace

TEST(ProtocolReplies, ReadyIsTheLineItAlwaysWasAndReadsBack) {
  const Ready ready{4242, 1500, 100, 32, 7};
  EXPECT_EQ(to_line(ready), "ready 4242 1500 100 32 7");
  EXPECT_EQ(parse_ready(to_line(ready)), ready);
  const Ready zero{};
  EXPECT_EQ(to_line(zero), "ready 0 0 0 0 0");
  EXPECT_EQ(parse_ready(to_line(zero)), zero);
  const Ready huge{std::numeric_limits<int>::max(), std::numeric_limits<std::int64_t>::max(),
                   std::numeric_limits<std::uint32_t>::max(), std::numeric_limits<std::uint32_t>::max(),
                   std::numeric_limits<std::uint32_t>::max()};
  EXPECT_EQ(parse_ready(to_line(huge)), huge);
}

TEST(ProtocolReplies, MalformedReadyLinesAreRefused) {
  for (const char* line : {"ready 1 2 3 4", "ready 1 2 3 4 5 6", "ready x 2 3 4 5", "ready 1 2 -3 4 5",
                           "ready 1 2.5 3 4 5", "ready 1 2 3 4 4294967296", "steady 1 2 3 4 5", ""})
    expect_refused(parse_ready, line, "a malformed ready line");
}

TEST(ProtocolReplies, SamplesRoundTripExactly) {
  const Sample s{123456789, 1234567.0, 1300000.5, {3, 0.25}, 4500.0, 2, 812.5, 2.5e8, 1100000.25, 9876543.5};
  EXPECT_EQ(to_line(s), "s 123456789 1234567 1300000.5 4500 2 812.5 250000000 1100000.25 9876543.5 3 0.25");
  expect_same_sample(parse_sample(to_line(s)), s);
  // A wait the kernel does not keep, and steal not known, travel as -1; one thread: nothing
  // overlaps; a run the harness timed whole: its span is its time.
  const Sample unknown{1, 2.0, 3.0, {}};
  EXPECT_EQ(to_line(unknown), "s 1 2 3 -1 0 -1 -1 -1 -1");
  expect_same_sample(parse_sample(to_line(unknown)), unknown);
}

TEST(ProtocolReplies, SamplesKeepEdgeValues) {
  Sample edge{kAllOnes, 1e300, 0.1, {}, 5e-324, std::numeric_limits<std::int64_t>::max(), -0.5, 0, -1e-300};
  edge.counters = {0, -1, 1.0 / 3, kInf, -kInf, kNaN, std::numeric_limits<double>::max()};
  expect_same_sample(parse_sample(to_line(edge)), edge);
  const Sample zero{};
  expect_same_sample(parse_sample(to_line(zero)), zero);
  Sample negative_preemptions{};
  negative_preemptions.preemptions = std::numeric_limits<std::int64_t>::min();
  expect_same_sample(parse_sample(to_line(negative_preemptions)), negative_preemptions);
}

TEST(ProtocolReplies, MalformedSamplesAreRefused) {
  for (const char* line : {"s 1 2", "s 1 2 3",  // no wait and preemptions
                           "s 1 2 3 4 x", "s 1 2 3 4 5", "s 1 2 3 4 5 6",  // no steal, no age
                           "s 1 2 3 4 5 6 7",                              // no overlap
                           "s 1 2 3 4 5 6 7 8", "s 1 2 3 4 5 6 7 8 y",    // no span
                           "s x 2 3 4 5 6 7 8 9", "s -1 2 3 4 5 6 7 8 9", // operations are a count
                           "s 1 2 3 4 5.5 6 7 8 9",                        // and so are preemptions
                           "s 1 2 3 4 5 6 7 8 9 y", "s 1 2 3 4 5 6 7 8 9 1e", "q 1 2 3 4 5 6 7 8 9", "s", ""})
    expect_refused(parse_sample, line, "a malformed sample");
}

TEST(ProtocolReplies, FloorAndReferenceTimesTravelToFullPrecision) {
  EXPECT_EQ(to_line(FloorTime{0.25}), "f 0.25");
  EXPECT_EQ(to_line(ReferenceTime{1.5}), "r 1.5");
  EXPECT_EQ(to_line(FloorTime{0.1}), "f 0.10000000000000001");  // %.17g: reads back as itself
  for (double value : {0.0, 0.1, 1.0 / 3, 1e300, 5e-324, -2.5, kInf}) {
    EXPECT_EQ(parse_floor(to_line(FloorTime{value})).ns_per_op, value);
    EXPECT_EQ(parse_reference(to_line(ReferenceTime{value})).ns_per_iteration, value);
  }
  EXPECT_TRUE(std::isnan(parse_floor(to_line(FloorTime{kNaN})).ns_per_op));
  EXPECT_TRUE(std::isnan(parse_reference(to_line(ReferenceTime{-kNaN})).ns_per_iteration));
  for (const char* line : {"f", "f ", "f x", "f 1 2", "r 1", "f 1e", "F 1", ""})
    expect_refused(parse_floor, line, "a malformed floor");
  for (const char* line : {"r", "r x", "r 1 2", "f 1", "r 0x1p3", ""})
    expect_refused(parse_reference, line, "a malformed reference time");
}

TEST(ProtocolReplies, AcknowledgementsAreOneLetter) {
  EXPECT_EQ(to_line(Begun{}), "b");
  EXPECT_EQ(to_line(tare::worker::Counted{}), "c");
  EXPECT_EQ(parse_begun(to_line(Begun{})), Begun{});
  EXPECT_EQ(parse_counted(to_line(tare::worker::Counted{})), tare::worker::Counted{});
  for (const char* line : {"c", "b 1", "", "begun"}) expect_refused(parse_begun, line, "a malformed reply to begin");
  for (const char* line : {"b", "c 1", ""}) expect_refused(parse_counted, line, "a malformed reply to a counted batch");
}

TEST(ProtocolReplies, AnnotationsAreOneLineOfText) {
  EXPECT_EQ(to_line(Annotations{"label=fast rate=3"}), "a label=fast rate=3");
  for (const char* text : {"label=fast rate=3", " leading and trailing ", "", "a"})
    EXPECT_EQ(parse_annotations(to_line(Annotations{text})), Annotations{text});
  // A line end would end the reply: it travels as a space.
  EXPECT_EQ(to_line(Annotations{"two\nlines"}), "a two lines");
  for (const char* line : {"a", "alloc 1 2 3 4 5", "b x", ""}) expect_refused(parse_annotations, line, "malformed annotations");
}

TEST(ProtocolReplies, AllocationTotalsRoundTrip) {
  const Allocations counted{3000, 9000, 8999, 576000, 216};
  EXPECT_EQ(to_line(counted), "alloc 3000 9000 8999 576000 216");
  for (const Allocations& a : {counted, Allocations{}, Allocations{kAllOnes, kAllOnes, kAllOnes, kAllOnes, kAllOnes}}) {
    const Allocations back = parse_allocations(to_line(a));
    EXPECT_EQ(back.ops, a.ops);
    EXPECT_EQ(back.allocations, a.allocations);
    EXPECT_EQ(back.frees, a.frees);
    EXPECT_EQ(back.bytes, a.bytes);
    EXPECT_EQ(back.peak_live_bytes, a.peak_live_bytes);
  }
  for (const char* line : {"alloc 1 2 3 4", "alloc 1 2 3 4 -5", "alloc 1 2 3 4 5 6", "alloc 1 2 3 4 1.5",
                           "alloc 1 2 3 4 18446744073709551616", "t 1 2 3 4 5", ""})
    expect_refused(parse_allocations, line, "malformed allocation counts");
}

// --prof perf: the counts come back in one "p" line, each event's value, time enabled and
// time running.
TEST(ProtocolReplies, PerfCountsRoundTrip) {
  PerfCounts counts;
  counts.ops = 4000;
  counts.readings = {{"", 16000, 900, 900}, {"", 0, 900, 0}, {"", kAllOnes, kAllOnes, kAllOnes}};
  EXPECT_EQ(to_line(counts), "p 4000 16000 900 900 0 900 0 18446744073709551615 18446744073709551615 18446744073709551615");
  const PerfCounts back = parse_perf_counts(to_line(counts));
  EXPECT_EQ(back.ops, 4000u);
  ASSERT_EQ(back.readings.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.readings[i].value, counts.readings[i].value);
    EXPECT_EQ(back.readings[i].enabled_ns, counts.readings[i].enabled_ns);
    EXPECT_EQ(back.readings[i].running_ns, counts.readings[i].running_ns);
  }
  EXPECT_EQ(to_line(PerfCounts{}), "p 0");  // no events counted
  EXPECT_TRUE(parse_perf_counts("p 0").readings.empty());
  for (const char* line : {"p 4000 1 2", "p x 1 2 3", "p 1 -1 2 3", "t 4000 1 2 3", "p", ""})
    expect_refused(parse_perf_counts, line, "malformed perf counts");
}

TEST(ProtocolReplies, TeardownReportsRoundTrip) {
  const Teardown done{250, {1, 2, 3, 5, 2048}};
  EXPECT_EQ(to_line(done), "t 250 1 2 3 5 2048");
  const Teardown back = parse_teardown(to_line(done));
  EXPECT_EQ(back.teardown_ns, 250);
  EXPECT_EQ(back.resources.involuntary_switches, 5);
  EXPECT_EQ(back.resources.max_rss_kib, 2048);
  constexpr long kLong = std::numeric_limits<long>::max();
  const Teardown edge{-1, {0, kLong, -kLong, 0, kLong}};  // a count the kernel wound back: negative
  const Teardown edge_back = parse_teardown(to_line(edge));
  EXPECT_EQ(edge_back.teardown_ns, -1);
  EXPECT_EQ(edge_back.resources.major_faults, kLong);
  EXPECT_EQ(edge_back.resources.voluntary_switches, -kLong);
  EXPECT_EQ(edge_back.resources.max_rss_kib, kLong);
  for (const char* line : {"t 1 2 3 4 5 x", "t 1 2 3 4 5", "t 1 2 3 4 5 6 7", "t 1.5 2 3 4 5 6", "x 1 2 3 4 5 6", ""})
    expect_refused(parse_teardown, line, "a malformed teardown report");
}

TEST(ProtocolReplies, TheRepliesToFinishAreToldApartByTheirFirstWord) {
  EXPECT_TRUE(std::holds_alternative<Annotations>(parse_finish_reply("a x=1")));
  EXPECT_TRUE(std::holds_alternative<Allocations>(parse_finish_reply("alloc 1 2 3 4 5")));
  EXPECT_TRUE(std::holds_alternative<PerfCounts>(parse_finish_reply("p 0")));
  EXPECT_TRUE(std::holds_alternative<Teardown>(parse_finish_reply("t 1 2 3 4 5 6")));
  expect_refused(parse_finish_reply, "alloc 1", "malformed allocation counts");
  expect_refused(parse_finish_reply, "p 1 2", "malformed perf counts");
  expect_refused(parse_finish_reply, "q 1 2 3 4 5 6", "a malformed teardown report");
}

TEST(ProtocolReplies, ErrorsAndSkipsAreToldFromOtherReplies) {
  EXPECT_EQ(to_line(Error{"no benchmark named 'x'"}), "error no benchmark named 'x'");
  EXPECT_EQ(to_line(Skip{"needs 4 CPUs"}), "skip needs 4 CPUs");
  for (const char* text : {"no benchmark named 'x'", "", " spaced "}) {
    EXPECT_EQ(error_reply(to_line(Error{text})), Error{text});
    EXPECT_EQ(skip_reply(to_line(Skip{text})), Skip{text});
  }
  EXPECT_EQ(to_line(Error{"first\nsecond"}), "error first second");
  EXPECT_EQ(to_line(Skip{"first\nsecond"}), "skip first second");
  for (const char* line : {"s 1 2 3 4 5 6 7 8", "error", "errors x", "skip", "skipped x", "t 1 2 3 4 5 6", ""}) {
    EXPECT_FALSE(error_reply(line)) << line;
    EXPECT_FALSE(skip_reply(line)) << line;
  }
  EXPECT_FALSE(error_reply("skip x"));
  EXPECT_FALSE(skip_reply("error x"));
}

namespace {

TEST(ProtocolReplies, PlacementSaysTheNodeAndTheStep) {
  const Placement at{"node17", "4242.3"};
  EXPECT_EQ(to_line(at), "at node17 4242.3");
  EXPECT_EQ(parse_placement(to_line(at)), at);
  EXPECT_EQ(parse_placement("at vm -"), (Placement{"vm", "-"}));  // outside Slurm
  expect_refused(parse_placement, "ready 1 2 3 4 5", "a placement line (at <node> <step>)");
  expect_refused(parse_placement, "at vm", "a placement line (at <node> <step>)");
}

}  // namespace
