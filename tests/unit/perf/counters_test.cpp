// Counting on this process through perf_event_open with software events (hardware
// counters are missing in most VMs): counted only while enabled, inherited by threads
// started afterwards, read per event in the order given.
#include "perf/counters.hpp"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

namespace {

using tare::perf::Encoding;

Encoding software(std::uint64_t config) {
  Encoding e;
  e.type = PERF_TYPE_SOFTWARE;
  e.config = config;
  return e;
}

// Maps `pages` fresh pages, touches each once and unmaps them: one minor fault each.
void fault_fresh_pages(int pages) {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  for (int i = 0; i < pages; ++i) {
    void* memory = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(memory, MAP_FAILED);
    static_cast<volatile char*>(memory)[0] = 1;
    munmap(memory, page);
  }
}

bool perf_events_work_here() { return !tare::perf::open_error(software(PERF_COUNT_SW_PAGE_FAULTS)); }

TEST(PerfCounters, CountsOnlyWhileEnabledAndInTheOrderGiven) {
  if (!perf_events_work_here()) GTEST_SKIP() << "perf_event_open refuses software events here";
  // One group, task clock its leader: the member must count on every enabling, not only the
  // first.
  tare::perf::CounterSet counters({software(PERF_COUNT_SW_TASK_CLOCK), software(PERF_COUNT_SW_PAGE_FAULTS)});
  fault_fresh_pages(100);  // disabled: not counted
  for (int round = 0; round < 10; ++round) {
    counters.enable();
    fault_fresh_pages(40);
    counters.disable();
    fault_fresh_pages(20);
  }
  const auto readings = counters.read();
  ASSERT_EQ(readings.size(), 2u);
  // The 400 faults, and none of the 300 outside; the test's own code may add a few.
  EXPECT_GE(readings[1].value, 400u);
  EXPECT_LT(readings[1].value, 500u);
  EXPECT_GT(readings[0].value, 0u);  // task clock: nanoseconds on the CPU
  EXPECT_GT(readings[1].enabled_ns, 0u);
  EXPECT_EQ(readings[1].running_ns, readings[1].enabled_ns);  // software events never wait for a counter
}

TEST(PerfCounters, ThreadsStartedAfterOpeningAreCounted) {
  if (!perf_events_work_here()) GTEST_SKIP() << "perf_event_open refuses software events here";
  tare::perf::CounterSet counters({software(PERF_COUNT_SW_PAGE_FAULTS)});
  counters.enable();
  std::thread worker([] { fault_fresh_pages(300); });
  worker.join();
  counters.disable();
  EXPECT_GE(counters.read().at(0).value, 300u);
}

TEST(PerfCounters, AnEventThatCannotOpenIsRefusedNamingIt) {
  Encoding nonsense;
  nonsense.type = PERF_TYPE_SOFTWARE;
  nonsense.config = 0xfffff;  // no such software event
  EXPECT_TRUE(tare::perf::open_error(nonsense));
  try {
    tare::perf::CounterSet counters({nonsense});
    ADD_FAILURE() << "opened";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("1:1048575:0:0:0"), std::string::npos) << e.what();
  }
}

}  // namespace
