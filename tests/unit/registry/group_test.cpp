// What Group registers, and how the library runs it: settings and hooks apply to the
// benchmarks added after them, the operation runs in the user's timed loop, states are
// built from the parameters and destroyed, counters are read from the state's fields.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "registry/registry.hpp"
#include "registry/skipped.hpp"
#include "tare/benchmark.hpp"

namespace {

struct Tally {
  Tally() { ++alive; }
  explicit Tally(const tare::Params& params) : step(params.get<int>("step")) { ++alive; }
  ~Tally() { --alive; }
  Tally(const Tally&) = delete;
  Tally& operator=(const Tally&) = delete;

  static inline int alive = 0;
  int step = 1;
  long calls = 0;
  long prepared = 0;
  std::atomic<long> shared_calls{0};
  int samples = 0;
};

tare::Params step_param(int step) {
  return tare::Params(std::vector<std::pair<std::string, std::string>>{{"step", std::to_string(step)}});
}

class GroupRegistration : public ::testing::Test {
 protected:
  void SetUp() override { tare::registry::clear(); }
  void TearDown() override { tare::registry::clear(); }

  static const tare::detail::BenchmarkSpec& spec(const std::string& name) {
    for (const auto& s : tare::registry::all())
      if (s.name == name) return s;
    throw std::runtime_error("not registered: " + name);
  }
};

TEST_F(GroupRegistration, SettingsApplyToTheBenchmarksAddedAfterThem) {
  tare::group<Tally>("g")
      .param("step", {1, 2})
      .bench("first", [](Tally& t) { ++t.calls; })
      .threads({1, 4})
      .mode(tare::Mode::thrpt)
      .ops_per_invocation(8)
      .bench("second", [](Tally& t) { ++t.calls; });
  ASSERT_EQ(tare::registry::all().size(), 2u);
  const auto& first = spec("g.first");
  const auto& second = spec("g.second");
  EXPECT_EQ(first.group, "g");
  EXPECT_EQ(first.threads, std::vector<int>{1});
  EXPECT_EQ(first.mode, tare::Mode::avgt);
  EXPECT_EQ(first.ops_per_invocation, 1u);
  EXPECT_EQ(second.threads, (std::vector<int>{1, 4}));
  EXPECT_EQ(second.mode, tare::Mode::thrpt);
  EXPECT_EQ(second.ops_per_invocation, 8u);
  ASSERT_EQ(second.params.size(), 1u);
  EXPECT_EQ(second.params[0].second, (std::vector<std::string>{"1", "2"}));
}

TEST_F(GroupRegistration, TheOperationRunsInItsOwnLoopOnAStateBuiltFromTheParameters) {
  tare::group<Tally>("g").bench("add", [](Tally& t) { t.calls += t.step; });
  const auto& body = *spec("g.add").body;
  EXPECT_FALSE(body.times_each_invocation());
  {
    auto state = body.make_state(step_param(3));
    EXPECT_EQ(Tally::alive, 1);
    body.run(*state, 1000);
    double calls = -1;
    body.read_counters(*state, &calls);  // no counters declared: nothing written
    EXPECT_EQ(calls, -1);
  }
  EXPECT_EQ(Tally::alive, 0) << "the state is destroyed with the worker's handle on it";
}

TEST_F(GroupRegistration, HooksAndCountersReachOnlyTheBenchmarksAddedAfterThem) {
  auto group = tare::group<Tally>("g");
  group.counter("calls", &Tally::calls).bench("before", [](Tally& t) { ++t.calls; });
  group.before_each([](Tally& t) { ++t.prepared; })
      .before_sample([](Tally& t) { ++t.samples; })
      .counter("prepared", &Tally::prepared)
      .counter("shared", &Tally::shared_calls)
      .bench("after", [](Tally& t) {
        ++t.calls;
        t.shared_calls.fetch_add(1);
      });

  const auto& before = *spec("g.before").body;
  EXPECT_FALSE(before.times_each_invocation());
  auto plain_state = before.make_state(step_param(1));
  before.before_sample(*plain_state);
  before.run(*plain_state, 10);
  double plain_counters[1] = {};
  before.read_counters(*plain_state, plain_counters);
  EXPECT_EQ(plain_counters[0], 10);
  EXPECT_EQ(spec("g.before").counters, std::vector<std::string>{"calls"});

  const auto& after = *spec("g.after").body;
  EXPECT_TRUE(after.times_each_invocation());
  auto state = after.make_state(step_param(1));
  after.before_sample(*state);
  after.run(*state, 7);
  double counters[3] = {};
  after.read_counters(*state, counters);
  EXPECT_EQ(counters[0], 7);  // calls
  EXPECT_EQ(counters[1], 7);  // prepared: the hook ran once per invocation
  EXPECT_EQ(counters[2], 7);  // an atomic field
  EXPECT_EQ(spec("g.after").counters, (std::vector<std::string>{"calls", "prepared", "shared"}));
}

TEST_F(GroupRegistration, ACopiedGroupKeepsItsOwnSettings) {
  auto original = tare::group<Tally>("g").threads(2);
  tare::Group<Tally> copy = original;
  copy.threads(3).bench("copy", [](Tally&) {});
  original.bench("original", [](Tally&) {});
  EXPECT_EQ(spec("g.copy").threads, std::vector<int>{3});
  EXPECT_EQ(spec("g.original").threads, std::vector<int>{2});
}

TEST_F(GroupRegistration, TheBaselineNamesTheWholeGroupIncludingEarlierBenchmarks) {
  tare::group("lookup").bench("binary", [] {}).bench("linear", [] {}).baseline("linear");
  EXPECT_EQ(spec("lookup.binary").baseline, "lookup.linear");
  EXPECT_EQ(spec("lookup.linear").baseline, "lookup.linear");
}

TEST_F(GroupRegistration, SkipThrowsWhatTheWorkerReportsAsSkipped) {
  tare::bench("skips", [] { tare::skip("no such device"); });
  const auto& body = *spec("skips").body;
  auto state = body.make_state(tare::Params());
  try {
    body.run(*state, 1);
    FAIL() << "tare::skip returned";
  } catch (const tare::detail::Skipped& skipped) {
    EXPECT_STREQ(skipped.what(), "no such device");
  }
}

}  // namespace
