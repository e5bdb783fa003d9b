// What Group records of items and bytes per operation, and of how a benchmark's input is
// renewed (the stale-input warning's facts): from the settings before each benchmark and
// from the operation's type.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "registry/per_op.hpp"
#include "registry/registry.hpp"
#include "tare/benchmark.hpp"

namespace {

struct Numbers {
  std::vector<int> values{3, 1, 2};
  int resets = 0;
};

void sort_numbers(Numbers& n) { std::swap(n.values[0], n.values[1]); }
int read_numbers(const Numbers& n) { return n.values[0]; }

// A call operator that is a template: its parameter type is not known without calling it.
struct GenericOperation {
  template <class S>
  void operator()(S& s) const { ++s.resets; }
};

class PerOpAndInput : public ::testing::Test {
 protected:
  void SetUp() override { tare::registry::clear(); }
  void TearDown() override { tare::registry::clear(); }

  static const tare::detail::BenchmarkSpec& registered(const std::string& name) {
    for (const auto& s : tare::registry::all())
      if (s.name == name) return s;
    throw std::runtime_error("not registered: " + name);
  }
};

TEST_F(PerOpAndInput, ItemsAndBytesApplyToTheBenchmarksAddedAfterThem) {
  tare::group<Numbers>("n")
      .param("size", {10, 20})
      .bench("plain", [](Numbers&) {})
      .items_per_op(4)
      .bytes_per_op("size", 8)
      .bench("counted", [](Numbers&) {});
  EXPECT_EQ(registered("n.plain").items_per_op.count, 0u);
  EXPECT_EQ(registered("n.plain").bytes_per_op.count, 0u);
  const auto& counted = registered("n.counted");
  EXPECT_EQ(counted.items_per_op.count, 4u);
  EXPECT_EQ(counted.items_per_op.param, "");
  EXPECT_EQ(counted.bytes_per_op.count, 8u);
  EXPECT_EQ(counted.bytes_per_op.param, "size");
}

TEST_F(PerOpAndInput, AnAmountPerOpComesToTheParameterTimesTheCount) {
  const std::vector<std::pair<std::string, std::string>> params{{"size", "1000"}};
  EXPECT_EQ(tare::registry::amount_per_op({}, params, "items_per_op"), 0);
  EXPECT_EQ(tare::registry::amount_per_op({16, ""}, params, "items_per_op"), 16);
  EXPECT_EQ(tare::registry::amount_per_op({4, "size"}, params, "bytes_per_op"), 4000);
}

TEST_F(PerOpAndInput, AnAmountFromAMissingOrNonNumericParameterIsRefusedByName) {
  try {
    tare::registry::amount_per_op({1, "n"}, {{"size", "8"}}, "items_per_op");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("items_per_op(\"n\")"), std::string::npos) << e.what();
  }
  EXPECT_THROW(tare::registry::amount_per_op({1, "size"}, {{"size", "big"}}, "bytes_per_op"), std::invalid_argument);
  EXPECT_THROW(tare::registry::amount_per_op({1, "size"}, {{"size", "-3"}}, "bytes_per_op"), std::invalid_argument);
}

TEST_F(PerOpAndInput, TheOperationsTypeSaysWhetherItMayChangeTheState) {
  tare::group<Numbers>("t")
      .bench("mutable_lambda", [](Numbers& n) { n.values[0] = 0; })
      .bench("const_lambda", [](const Numbers& n) { return n.values[0]; })
      .bench("no_state", [] { return 1; })
      .bench("function", &sort_numbers)
      .bench("const_function", &read_numbers)
      .bench("generic_lambda", [](auto& n) { n.values[0] = 0; })
      .bench("generic_class", GenericOperation{});
  EXPECT_TRUE(registered("t.mutable_lambda").input.operation_mutates_state);
  EXPECT_FALSE(registered("t.const_lambda").input.operation_mutates_state);
  EXPECT_FALSE(registered("t.no_state").input.operation_mutates_state);
  EXPECT_TRUE(registered("t.function").input.operation_mutates_state);
  EXPECT_FALSE(registered("t.const_function").input.operation_mutates_state);
  // Not known without compiling the body with a const state, which would fail: not said.
  EXPECT_FALSE(registered("t.generic_lambda").input.operation_mutates_state);
  EXPECT_FALSE(registered("t.generic_class").input.operation_mutates_state);
}

TEST_F(PerOpAndInput, TheHooksInForceAreRecordedPerBenchmark) {
  auto group = tare::group<Numbers>("h");
  group.bench("none", [](Numbers&) {});
  group.before_sample([](Numbers& n) { ++n.resets; }).bench("per_sample", [](Numbers&) {});
  group.after_each([](Numbers& n) { ++n.resets; }).bench("per_call_too", [](Numbers&) {});
  const auto& none = registered("h.none").input;
  EXPECT_FALSE(none.per_sample_hook);
  EXPECT_FALSE(none.per_call_hook);
  const auto& per_sample = registered("h.per_sample").input;
  EXPECT_TRUE(per_sample.per_sample_hook);
  EXPECT_FALSE(per_sample.per_call_hook);
  const auto& both = registered("h.per_call_too").input;
  EXPECT_TRUE(both.per_sample_hook);
  EXPECT_TRUE(both.per_call_hook);
}

TEST_F(PerOpAndInput, HooksTakeTheStateConstOrNothing) {
  int without_state = 0;
  tare::group<Numbers>("k")
      .counter("resets", &Numbers::resets)
      .before_sample([&without_state] { ++without_state; })
      .after_sample([](const Numbers& n) { return n.resets; })  // a value returned is ignored
      .before_each([](Numbers& n) { ++n.resets; })
      .after_each([](auto& n) { ++n.resets; })
      .bench("all", [](const Numbers&) {});
  const auto& body = *registered("k.all").body;
  auto state = body.make_state(tare::Params());
  body.before_sample(*state);
  body.run(*state, 5);
  body.after_sample(*state);
  EXPECT_EQ(without_state, 1);
  double resets = 0;
  body.read_counters(*state, &resets);
  EXPECT_EQ(resets, 10) << "both per-call hooks ran at each of the 5 calls, on the operation's state";
}

}  // namespace
