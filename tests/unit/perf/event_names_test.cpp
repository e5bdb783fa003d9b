// Event names: the list after "perf:", the kernel's generic names, names through libpfm4
// when built in, and the worker argument that carries the encodings.
#include <linux/perf_event.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "perf/event_list.hpp"
#include "perf/event_text.hpp"
#include "perf/generic_events.hpp"
#include "perf/resolve.hpp"

namespace {

using tare::perf::Encoding;

TEST(PerfEventList, DefaultIsPerfnormsSetAndSoftwareEvents) {
  const auto& events = tare::perf::default_events();
  ASSERT_FALSE(events.empty());
  for (const char* name : {"cycles", "instructions", "branches", "branch-misses", "cache-references", "cache-misses",
                           "page-faults"})
    EXPECT_NE(std::find(events.begin(), events.end(), name), events.end()) << name;
  for (const auto& name : events) EXPECT_TRUE(tare::perf::generic_event(name)) << name;
}

TEST(PerfEventList, NamesAreSplitOnCommasOnceEachAndEmptyOnesRefused) {
  EXPECT_EQ(tare::perf::parse_event_list("cycles,perf::PAGE-FAULTS,cycles"),
            (std::vector<std::string>{"cycles", "perf::PAGE-FAULTS"}));
  EXPECT_EQ(tare::perf::parse_event_list("INST_RETIRED:ANY_P"), (std::vector<std::string>{"INST_RETIRED:ANY_P"}));
  EXPECT_THROW(tare::perf::parse_event_list(""), std::invalid_argument);
  EXPECT_THROW(tare::perf::parse_event_list("cycles,,instructions"), std::invalid_argument);
  EXPECT_THROW(tare::perf::parse_event_list("cycles,"), std::invalid_argument);
}

TEST(PerfGenericEvents, HardwareSoftwareAndCacheNamesInAnyCase) {
  const auto cycles = tare::perf::generic_event("cycles");
  ASSERT_TRUE(cycles);
  EXPECT_EQ(cycles->type, PERF_TYPE_HARDWARE);
  EXPECT_EQ(cycles->config, PERF_COUNT_HW_CPU_CYCLES);
  const auto faults = tare::perf::generic_event("Page-Faults");
  ASSERT_TRUE(faults);
  EXPECT_EQ(faults->type, PERF_TYPE_SOFTWARE);
  EXPECT_EQ(faults->config, PERF_COUNT_SW_PAGE_FAULTS);
  // id | op << 8 | result << 16, as perf_event_open(2) composes a cache event.
  const auto l1 = tare::perf::generic_event("L1-DCACHE-LOAD-MISSES");
  ASSERT_TRUE(l1);
  EXPECT_EQ(l1->type, PERF_TYPE_HW_CACHE);
  EXPECT_EQ(l1->config, 0x10000u);
  const auto llc = tare::perf::generic_event("LLC-stores");
  ASSERT_TRUE(llc);
  EXPECT_EQ(llc->config, PERF_COUNT_HW_CACHE_LL | (PERF_COUNT_HW_CACHE_OP_WRITE << 8));
  EXPECT_FALSE(tare::perf::generic_event("L1-dcache-misses"));
  EXPECT_FALSE(tare::perf::generic_event("bogus"));
}

TEST(PerfResolve, GenericNamesAlwaysOtherNamesThroughLibpfm) {
  const auto cycles = tare::perf::resolve_event("cycles");
  ASSERT_TRUE(cycles.encoding);
  EXPECT_EQ(cycles.encoding->type, PERF_TYPE_HARDWARE);
  const auto bogus = tare::perf::resolve_event("no-such-event-anywhere");
  EXPECT_FALSE(bogus.encoding);
  EXPECT_FALSE(bogus.error.empty());
  const auto spelled = tare::perf::resolve_event("perf::PAGE-FAULTS");
  if (tare::perf::libpfm_built_in()) {
    ASSERT_TRUE(spelled.encoding) << spelled.error;
    EXPECT_EQ(spelled.encoding->type, PERF_TYPE_SOFTWARE);
    EXPECT_EQ(spelled.encoding->config, PERF_COUNT_SW_PAGE_FAULTS);
    // A modifier of libpfm's: user space only.
    const auto user = tare::perf::resolve_event("perf::CYCLES:u");
    ASSERT_TRUE(user.encoding) << user.error;
    EXPECT_TRUE(user.encoding->exclude_kernel);
    EXPECT_FALSE(user.encoding->exclude_user);
  } else {
    EXPECT_FALSE(spelled.encoding);
    EXPECT_NE(spelled.error.find("libpfm4"), std::string::npos) << spelled.error;
  }
}

TEST(PerfEventText, EncodingsRoundTripAndMalformedTextIsRefused) {
  Encoding a;
  a.type = PERF_TYPE_HW_CACHE;
  a.config = 0x10000;
  Encoding b;
  b.type = 42;
  b.config = 0xffffffffffffffffull;
  b.config1 = 3;
  b.config2 = 7;
  b.exclude_kernel = b.exclude_hv = true;
  const std::string text = tare::perf::events_to_text({a, b});
  EXPECT_EQ(text, "3:65536:0:0:0,42:18446744073709551615:3:7:6");
  const auto back = tare::perf::events_from_text(text);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0], a);
  EXPECT_EQ(back[1], b);
  for (const char* bad : {"", "1:2:3:4", "1:2:3:4:5:6", "1:2:3:4:8", "x:0:0:0:0", "1:2:3:4:0,", "1::3:4:0"})
    EXPECT_THROW(tare::perf::events_from_text(bad), std::invalid_argument) << bad;
}

}  // namespace
