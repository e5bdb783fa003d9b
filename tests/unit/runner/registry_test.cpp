// Parameter-matrix expansion and naming.
#include "registry/registry.hpp"

#include <gtest/gtest.h>

#include "tare/benchmark.hpp"

using tare::detail::BenchmarkSpec;
using tare::registry::expand;
using tare::registry::Overrides;

namespace {
BenchmarkSpec spec(std::string name, tare::registry::ParamList params, std::vector<int> threads = {1}) {
  BenchmarkSpec s;
  s.name = std::move(name);
  s.params = std::move(params);
  s.threads = std::move(threads);
  return s;
}
std::vector<std::string> names(const std::vector<tare::registry::Instance>& instances) {
  std::vector<std::string> out;
  for (const auto& i : instances) out.push_back(i.name);
  return out;
}
}  // namespace

TEST(Expand, IsTheCartesianProductInDeclarationOrder) {
  const std::vector<BenchmarkSpec> specs{spec("mix.rotate", {{"seed", {"7", "42"}}, {"rounds", {"64", "1024"}}})};
  EXPECT_EQ(names(expand(specs, {})),
            (std::vector<std::string>{"mix.rotate/seed=7/rounds=64", "mix.rotate/seed=7/rounds=1024",
                                      "mix.rotate/seed=42/rounds=64", "mix.rotate/seed=42/rounds=1024"}));
}

TEST(Expand, ShowsThreadsOnlyWhenTheyVary) {
  const std::vector<BenchmarkSpec> specs{spec("a", {}), spec("b", {}, {1, 2}), spec("c", {}, {4})};
  EXPECT_EQ(names(expand(specs, {})), (std::vector<std::string>{"a", "b/threads=1", "b/threads=2", "c/threads=4"}));
}

TEST(Expand, CommandLineOverridesReplaceDeclaredValues) {
  const std::vector<BenchmarkSpec> specs{spec("lookup.binary", {{"size", {"16", "1024"}}}), spec("other", {})};
  Overrides overrides;
  overrides.params = {{"size", {"3"}}};
  overrides.threads = std::vector<int>{2};
  overrides.mode = tare::Mode::thrpt;
  const auto instances = expand(specs, overrides);
  EXPECT_EQ(names(instances), (std::vector<std::string>{"lookup.binary/size=3/threads=2", "other/threads=2"}));
  EXPECT_EQ(instances[0].mode, tare::Mode::thrpt);
  EXPECT_EQ(instances[0].params, (std::vector<std::pair<std::string, std::string>>{{"size", "3"}}));
}

TEST(Expand, AnOverrideNoBenchmarkDeclaresIsAnError) {
  const std::vector<BenchmarkSpec> specs{spec("a", {{"size", {"1"}}})};
  Overrides overrides;
  overrides.params = {{"sise", {"3"}}};
  EXPECT_THROW(expand(specs, overrides), tare::registry::UnknownParameter);
}

TEST(Params, ConvertOnAccessAndNameTheProblem) {
  const tare::Params p({{"size", "1024"}, {"ratio", "0.25"}, {"flag", "true"}, {"bad", "12x"}});
  EXPECT_EQ(p.get<int>("size"), 1024);
  EXPECT_DOUBLE_EQ(p.get<double>("ratio"), 0.25);
  EXPECT_TRUE(p.get<bool>("flag"));
  EXPECT_EQ(p.get<std::string>("size"), "1024");
  try {
    (void)p.get<int>("bad");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("bad=12x"), std::string::npos);
  }
  EXPECT_THROW((void)p.get<std::uint8_t>("size"), std::invalid_argument);
  EXPECT_THROW((void)p.get<int>("missing"), std::invalid_argument);
}

TEST(Params, DoubleValuesPrintShortest) {
  EXPECT_EQ(tare::ParamValue(0.5).text(), "0.5");
  EXPECT_EQ(tare::ParamValue(0.1).text(), "0.1");
  EXPECT_EQ(tare::ParamValue(1e-9).text(), "1e-09");
}

TEST(Group, RegistersOneSpecPerBenchWithTheSettingsDeclaredBeforeIt) {
  const std::size_t before = tare::registry::all().size();
  std::vector<int> sizes{1, 2, 4};
  tare::group("t")
      .param("size", sizes)
      .bench("a", [] {})
      .threads({1, 2})
      .ops_per_invocation(8)
      .bench("b", [] { return 1; });
  const auto& all = tare::registry::all();
  ASSERT_EQ(all.size(), before + 2);
  const auto& a = all[before];
  const auto& b = all[before + 1];
  EXPECT_EQ(a.name, "t.a");
  EXPECT_EQ(a.group, "t");
  EXPECT_EQ(a.params, (tare::registry::ParamList{{"size", {"1", "2", "4"}}}));
  EXPECT_EQ(a.threads, (std::vector<int>{1}));
  EXPECT_EQ(a.ops_per_invocation, 1u);
  EXPECT_EQ(b.threads, (std::vector<int>{1, 2}));
  EXPECT_EQ(b.ops_per_invocation, 8u);
#if defined(__OPTIMIZE__)
  EXPECT_TRUE(a.optimized);  // read in this translation unit, which is optimised
#else
  EXPECT_FALSE(a.optimized);
#endif
}

TEST(Registry, SpecsSharingANameAreToldApartByOccurrence) {
  // Google Benchmark lets families share a name; the worker finds the right one by its
  // occurrence among them, in registration order.
  const std::size_t before = tare::registry::all().size();
  tare::bench("twice.named", [] {});
  tare::bench("twice.other", [] {});
  tare::bench("twice.named", [] { return 1; });
  const auto& all = tare::registry::all();
  ASSERT_EQ(all.size(), before + 3);
  EXPECT_EQ(tare::registry::occurrence(all[before]), 0);
  EXPECT_EQ(tare::registry::occurrence(all[before + 1]), 0);
  EXPECT_EQ(tare::registry::occurrence(all[before + 2]), 1);
}

TEST(Expand, ACompleteNameIsTheInstanceNameAndKeepsItsThreads) {
  tare::detail::BenchmarkSpec spec;
  spec.name = "BM_x/8/threads:2";
  spec.name_is_complete = true;
  spec.threads = {2};
  tare::registry::Overrides overrides;
  overrides.threads = std::vector<int>{1, 4};  // --threads cannot rename a complete name
  const auto instances = tare::registry::expand({spec}, overrides);
  ASSERT_EQ(instances.size(), 1u);
  EXPECT_EQ(instances[0].name, "BM_x/8/threads:2");
  EXPECT_EQ(instances[0].threads, 2);
}
