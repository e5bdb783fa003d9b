// A call of a Google Benchmark function across batches, on real functions run by the
// library's own loop.
#include "call.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "clock/active_clock.hpp"

namespace tare::gbench {
namespace {

int g_setups = 0;
benchmark::IterationCount g_max_seen = 0, g_max_after = 0;

// Builds its input once per call, counts in a local across the whole loop.
void counting(benchmark::State& state) {
  ++g_setups;
  g_max_seen = state.max_iterations;
  long done = 0;
  for (auto _ : state) ++done;
  state.counters["done"] = static_cast<double>(done);
  state.SetItemsProcessed(state.iterations() * 2);
  state.SetLabel("counted");
  g_max_after = state.max_iterations;
}

void keep_running(benchmark::State& state) {
  long done = 0;
  while (state.KeepRunning()) ++done;
  state.counters["done"] = static_cast<double>(done);
}

void refusing(benchmark::State& state) {
  state.SkipWithError("not today");
  for (auto _ : state) {
  }
}

void no_loop(benchmark::State&) {}

// Half of every iteration paused: busy both ways, so the CPU clock has something to count.
void half_paused(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    volatile long spin = 0;
    for (int i = 0; i < 200; ++i) spin = spin + i;
    state.ResumeTiming();
    for (int i = 0; i < 200; ++i) spin = spin + i;
  }
}

// The paused stretches and the timed ones, told apart by the thread's bracket (--prof alloc
// sets the thread aside while the timer is stopped).
thread_local bool t_set_aside = false;
int g_timed_seen_aside = 0, g_paused_seen_counting = 0, g_timed = 0, g_paused = 0;
void set_aside() { t_set_aside = true; }
void come_back() { t_set_aside = false; }

void paused_and_timed(benchmark::State& state) {
  for (auto _ : state) {
    ++g_timed;
    g_timed_seen_aside += t_set_aside;
    state.PauseTiming();
    ++g_paused;
    g_paused_seen_counting += !t_set_aside;
    state.ResumeTiming();
  }
}

struct Family {
  explicit Family(benchmark::internal::Function* f, const char* name = "BM_test") : function(name, f) {
    instance.family = &function;
    instance.name = name;
  }
  benchmark::internal::FunctionBenchmark function;
  Instance instance;
};

class CallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clock::use_monotonic();
    g_setups = 0;
    g_max_seen = 0;
  }
};

// With the bracket, the thread is aside exactly while the timer is stopped: in the paused
// stretches and between batches, never in the timed part of an iteration.
TEST_F(CallTest, TheThreadIsSetAsideWhileTheTimerIsStopped) {
  Family family(&paused_and_timed);
  Call call(family.instance, 1000, 0, nullptr);
  call.bracket_untimed({&set_aside, &come_back});
  g_timed_seen_aside = g_paused_seen_counting = g_timed = g_paused = 0;
  for (int i = 0; i < 3; ++i) {
    call.run_batch(100);
    EXPECT_TRUE(t_set_aside);  // a batch ends with the timer stopped
  }
  call.end();
  EXPECT_EQ(g_timed, 300);
  EXPECT_EQ(g_paused, 300);
  EXPECT_EQ(g_timed_seen_aside, 0);
  EXPECT_EQ(g_paused_seen_counting, 0);
  t_set_aside = false;
}

TEST_F(CallTest, OneCallServesManyBatchesAndItsLocalsCarryOn) {
  Family family(&counting);
  Call call(family.instance, 1000, 0, nullptr);
  call.start();
  EXPECT_EQ(g_setups, 1);
  EXPECT_EQ(g_max_seen, 1000);
  for (int i = 0; i < 3; ++i) call.run_batch(100);
  EXPECT_EQ(call.room(), 700);
  EXPECT_FALSE(call.returned());
  const CallReport& report = call.end();
  EXPECT_TRUE(call.returned());
  EXPECT_EQ(g_setups, 1);  // set up once for all three batches
  EXPECT_EQ(report.iterations, 300);
  EXPECT_EQ(report.counters.at("done").value, 300);  // one count over the three batches
  EXPECT_EQ(report.counters.at("items_per_second").value, 600);
  EXPECT_EQ(report.label, "counted");
  // After the loop, as under Google Benchmark, max_iterations is what the loop ran.
  EXPECT_EQ(g_max_after, 300);
  EXPECT_FALSE(report.error);
  EXPECT_GE(report.outside_ns, 0);
}

TEST_F(CallTest, KeepRunningLoopsGoOnAcrossBatchesToo) {
  Family family(&keep_running);
  Call call(family.instance, 100, 0, nullptr);
  call.run_batch(30);
  call.run_batch(30);
  EXPECT_EQ(call.end().counters.at("done").value, 60);
}

TEST_F(CallTest, ABatchIsTimedByTheLoopAndEndsWhereAsked) {
  Family family(&counting);
  Call call(family.instance, 1'000'000, 0, nullptr);
  const BatchTimes times = call.run_batch(100'000);
  EXPECT_GT(times.ticks, 0u);
  EXPECT_EQ(call.end().iterations, 100'000);
}

TEST_F(CallTest, AnErrorEndsTheCallWithItsMessage) {
  Family family(&refusing);
  Call call(family.instance, 10, 0, nullptr);
  call.run_batch(5);
  EXPECT_TRUE(call.returned());
  const CallReport& report = call.end();
  EXPECT_TRUE(report.error);
  EXPECT_EQ(report.error_message, "not today");
  EXPECT_EQ(report.iterations, 0);
}

TEST_F(CallTest, AFunctionWithoutALoopReturnsAtOnce) {
  Family family(&no_loop);
  Call call(family.instance, 10, 0, nullptr);
  call.start();
  EXPECT_TRUE(call.returned());
  EXPECT_EQ(call.room(), 0);
  EXPECT_EQ(call.end().iterations, 0);
}

TEST_F(CallTest, ACallNeverStartedReportsNothing) {
  Family family(&counting);
  Call call(family.instance, 10, 0, nullptr);
  EXPECT_EQ(call.end().iterations, 0);
  EXPECT_EQ(g_setups, 0);
}

// On one thread CPU time never exceeds real time: the CPU clock's own reads, on each side
// of every pause, are not the timed code's.
TEST_F(CallTest, CpuTimeStopsWithTheTimer) {
  Family family(&half_paused);
  Call call(family.instance, 1'000'000, 0, nullptr);
  for (int i = 0; i < 5; ++i) {
    const BatchTimes times = call.run_batch(2000);
    EXPECT_LE(times.cpu_ns, clock::ticks_to_ns(times.ticks)) << "batch " << i;
    EXPECT_GT(times.cpu_ns, 0) << "batch " << i;
  }
  const CallReport& report = call.end();
  EXPECT_LE(report.cpu_ns, report.real_ns);
}

}  // namespace
}  // namespace tare::gbench
