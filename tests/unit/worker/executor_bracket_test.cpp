// A profiler's window on the measured work, run for real by the worker's executor: the
// bracket opens around each sample's run alone (not its per-sample hooks), and inside the
// run the per-invocation hooks are set aside on the thread that runs them, the operation
// never is (--prof alloc counts the operation's allocations, not its hooks').
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include "clock/active_clock.hpp"
#include "registry/benchmark_spec.hpp"
#include "registry/native_body.hpp"
#include "worker/executor.hpp"

namespace {

std::atomic<bool> g_open{false};
thread_local bool t_aside = false;
// What each part of the benchmark saw of the bracket: as it should, or not.
std::atomic<int> g_hooks_aside{0}, g_ops_counted{0}, g_sample_hooks_outside{0}, g_wrong{0};

void open_run() { g_open = true; }
void close_run() { g_open = false; }
void set_aside() {
  if (t_aside) g_wrong.fetch_add(1);  // aside twice: the brackets do not pair
  t_aside = true;
}
void come_back() {
  if (!t_aside) g_wrong.fetch_add(1);
  t_aside = false;
}

void each_hook(void*, void*) {
  if (g_open && t_aside) g_hooks_aside.fetch_add(1);
  else g_wrong.fetch_add(1);
}
void sample_hook(void*, void*) {
  if (!g_open && !t_aside) g_sample_hooks_outside.fetch_add(1);
  else g_wrong.fetch_add(1);
}

struct Counting {
  void operator()(tare::NoState&) const {
    if (g_open && !t_aside) g_ops_counted.fetch_add(1);
    else g_wrong.fetch_add(1);
  }
};

tare::detail::BenchmarkSpec hooked_spec(int threads) {
  auto hooks = std::make_shared<tare::registry::NativeHooks>();
  hooks->each.before = tare::detail::StateHook{&each_hook, nullptr};
  hooks->each.after = tare::detail::StateHook{&each_hook, nullptr};
  hooks->before_sample = tare::detail::StateHook{&sample_hook, nullptr};
  tare::detail::BenchmarkSpec spec;
  spec.name = "bracket.test";
  spec.threads = {threads};
  spec.body = tare::registry::make_native_body<tare::NoState>(Counting{}, std::move(hooks));
  return spec;
}

class ExecutorBracket : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    tare::clock::use_monotonic();
    g_open = false;
    g_hooks_aside = g_ops_counted = g_sample_hooks_outside = g_wrong = 0;
  }
};

TEST_P(ExecutorBracket, TheRunIsBracketedAndItsPerInvocationHooksSetAside) {
  const int threads = GetParam();
  const auto spec = hooked_spec(threads);
  tare::worker::Executor executor(spec, tare::Params{}, threads);
  executor.bracket_runs({&open_run, &close_run, {&set_aside, &come_back}});
  for (int i = 0; i < 3; ++i) EXPECT_EQ(executor.sample(100).ops, 100u * static_cast<unsigned>(threads));
  executor.teardown();
  EXPECT_EQ(g_wrong.load(), 0);
  EXPECT_EQ(g_ops_counted.load(), 3 * 100 * threads);
  EXPECT_EQ(g_hooks_aside.load(), 2 * 3 * 100 * threads);  // before_each and after_each
  EXPECT_EQ(g_sample_hooks_outside.load(), 3 * threads);
  EXPECT_FALSE(g_open.load());
}

// Without a bracket the hooks run as they are: nothing opens, nothing is set aside.
TEST_P(ExecutorBracket, WithoutABracketNothingIsSetAside) {
  const int threads = GetParam();
  const auto spec = hooked_spec(threads);
  tare::worker::Executor executor(spec, tare::Params{}, threads);
  executor.sample(50);
  executor.teardown();
  EXPECT_EQ(g_ops_counted.load(), 0);
  EXPECT_EQ(g_hooks_aside.load(), 0);
  EXPECT_EQ(g_wrong.load(), 50 * threads * 3);  // each operation and its two hooks ran unbracketed
}

INSTANTIATE_TEST_SUITE_P(OneAndTwoThreads, ExecutorBracket, ::testing::Values(1, 2));

}  // namespace
