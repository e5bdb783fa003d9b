// compare_variant_runs on synthetic runs of layout variants with known truth: each
// variant's placement moves its score by a random factor, the same code on both sides.
#include "compare/variant_compare.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using tare::compare::compare_variant_runs;
using tare::compare::Direction;
using tare::results::Benchmark;
using tare::results::Run;

// `variants` runs of one build: benchmark `name` scores `per_op` times the variant's
// placement factor (log-normal, `placement_sd`) times the run's own noise (0.2%).
std::vector<Run> variant_runs(const std::string& name, double per_op, int variants, double placement_sd,
                              std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> placement(0, placement_sd), noise(0, 0.002);
  std::vector<Run> runs;
  for (int k = 0; k < variants; ++k) {
    Run run;
    Benchmark b;
    b.name = name;
    b.unit = "ns/op";
    b.score = per_op * std::exp(placement(rng) + noise(rng));
    run.benchmarks.push_back(b);
    runs.push_back(run);
  }
  return runs;
}

// A/A by layout: the same code, only placement differs. With intervals over the variants,
// at most about 5% of such comparisons may name a direction.
TEST(VariantCompare, SameCodeDifferentLayoutsIsRarelyCalledDifferent) {
  int called = 0;
  constexpr int kTries = 200;
  for (int t = 0; t < kTries; ++t) {
    const auto report = compare_variant_runs(variant_runs("sort", 1000, 10, 0.04, 2 * t + 1),
                                             variant_runs("sort", 1000, 10, 0.04, 2 * t + 2), {});
    ASSERT_EQ(report.rows.size(), 1u);
    if (report.rows[0].verdict.direction != Direction::none) ++called;
  }
  EXPECT_LE(called, kTries * 8 / 100) << called << " of " << kTries;
}

TEST(VariantCompare, ARealChangeLargerThanPlacementIsCalled) {
  const auto report = compare_variant_runs(variant_runs("sort", 1000, 20, 0.01, 7),
                                           variant_runs("sort", 1100, 20, 0.01, 8), {});
  ASSERT_EQ(report.rows.size(), 1u);
  const auto& row = report.rows[0];
  EXPECT_EQ(row.verdict.direction, Direction::slower);
  EXPECT_LT(row.ratio.low, 1.1);
  EXPECT_GT(row.ratio.high, 1.1);
  EXPECT_EQ(row.base.forks, 20u);
  ASSERT_TRUE(report.geomean.has_value());
}

TEST(VariantCompare, ABenchmarkAVariantLacksIsNotCompared) {
  auto base = variant_runs("sort", 1000, 3, 0.01, 1);
  auto candidate = variant_runs("sort", 1000, 3, 0.01, 2);
  candidate[2].benchmarks[0].name = "other";
  const auto report = compare_variant_runs(base, candidate, {});
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].problem, "missing from the new run of variant 3");
}

TEST(VariantCompare, FewerThanTwoRunsASideIsRefused) {
  EXPECT_THROW(compare_variant_runs(variant_runs("a", 1, 1, 0, 1), variant_runs("a", 1, 1, 0, 2), {}),
               std::runtime_error);
}

}  // namespace
