// A benchmark whose threads took turns is told so (code threads_apart), and is not told
// instead that its code waited for I/O or locks: the CPU it lacked was the machine's.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "analysis/summarize.hpp"
#include "registry/native_body.hpp"

namespace {

using tare::results::WarningCode;

// Two threads, 20 samples a fork at 10 ns/op per thread, with what the worker recorded of
// how long both ran their batches at once, and of their CPU time.
tare::results::Fork two_thread_fork(double overlap_share, double threads_on_cpu) {
  tare::results::Fork f;
  for (int i = 0; i < 20; ++i) {
    tare::results::Sample s;
    s.ops = 2000;
    s.ns = 10'000 + i;  // 10 ns/op for each thread: 1000 operations each
    s.cpu_ns = threads_on_cpu * s.ns;
    s.wait_ns = 0;
    s.overlap_ns = overlap_share * s.ns;
    f.samples.push_back(s);
  }
  f.mean = 10;
  f.measured_ns = 20 * 10'000;
  f.floor_ns_per_op = 0.5;
  return f;
}

tare::results::Benchmark summarized_two_threads(const tare::results::Fork& each_fork) {
  tare::detail::BenchmarkSpec spec;
  spec.name = "t.two";
  spec.body = tare::registry::make_native_body<tare::NoState>([] {});
  tare::registry::Instance instance;
  instance.spec = &spec;
  instance.name = "t.two/threads=2";
  instance.mode = tare::Mode::avgt;
  instance.threads = 2;
  tare::analysis::SummaryContext context;
  context.clock_cost_ns = 30;
  tare::results::Benchmark b;
  b.unit = "ns/op";
  b.threads = 2;
  b.forks = {each_fork, each_fork, each_fork};
  b.stop_reason = tare::results::StopReason::target_ci;
  tare::analysis::summarize(b, instance, context);
  return b;
}

bool has_code(const tare::results::Benchmark& b, WarningCode code) {
  return std::any_of(b.warnings.begin(), b.warnings.end(), [&](const auto& w) { return w.code == code; });
}

}  // namespace

TEST(ThreadsApartWarning, ThreadsThatTookTurnsAreSaidToHaveRunApartNotToHaveWaited) {
  // One thread's batch, then the other's: no overlap, one thread on a CPU at a time.
  const auto b = summarized_two_threads(two_thread_fork(0, 0.99));
  ASSERT_TRUE(has_code(b, WarningCode::threads_apart));
  const auto it = std::find_if(b.warnings.begin(), b.warnings.end(),
                               [](const auto& w) { return w.code == WarningCode::threads_apart; });
  EXPECT_EQ(it->severity, tare::results::Severity::caution);
  const auto* apart = std::get_if<tare::results::facts::ThreadsApart>(&it->facts);
  ASSERT_NE(apart, nullptr);
  EXPECT_EQ(apart->samples, 60);
  EXPECT_EQ(apart->of, 60);
  EXPECT_EQ(apart->threads, 2);
  EXPECT_FALSE(has_code(b, WarningCode::waits));
}

TEST(ThreadsApartWarning, ThreadsThatRanTogetherGetNeither) {
  const auto b = summarized_two_threads(two_thread_fork(0.98, 1.96));
  EXPECT_FALSE(has_code(b, WarningCode::threads_apart));
  EXPECT_FALSE(has_code(b, WarningCode::waits));
}

TEST(ThreadsApartWarning, ThreadsBlockedOnEachOtherStillWaited) {
  // Inside their batches together, but on a CPU only half the time, without waiting for
  // one: they blocked (a lock), which is the code's doing.
  const auto b = summarized_two_threads(two_thread_fork(0.98, 1.0));
  EXPECT_FALSE(has_code(b, WarningCode::threads_apart));
  EXPECT_TRUE(has_code(b, WarningCode::waits));
}
