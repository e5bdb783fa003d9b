// The search of `tare bisect` against scripted histories: each commit's cost per operation and
// code class are known, so every comparison's answer is, and so is the commit to name.
#include "bisect/bisect_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace tare::bisect {
namespace {

constexpr double kThreshold = 0.01;

// A history whose comparisons are exact: NEW/BASE is the ratio of the scripted costs.
// `code[i]` nullopt: commit i does not build. `overrides`: answers that are wrong on
// purpose (a comparison's noise).
struct ScriptedHistory : Oracle {
  std::vector<double> cost;
  std::vector<std::optional<int>> code;
  std::map<std::pair<std::size_t, std::size_t>, Comparison> overrides;
  std::vector<std::pair<std::size_t, std::size_t>> compared;

  std::optional<int> code_class(std::size_t commit) override { return code.at(commit); }

  Comparison compare(std::size_t base, std::size_t candidate, int repeat) override {
    compared.emplace_back(base, candidate);
    const auto scripted = overrides.find({base, candidate});
    if (scripted != overrides.end() && repeat == 0) return scripted->second;  // chance strikes once
    const double ratio = cost.at(candidate) / cost.at(base);
    return Comparison{ratio, ratio, ratio, ratio > 1 + kThreshold};
  }
};

// Commits 0..n, every one with code of its own, costing 1 until `culprit` adds `work`.
ScriptedHistory step_history(std::size_t n, std::size_t culprit, double work) {
  ScriptedHistory h;
  for (std::size_t i = 0; i <= n; ++i) {
    h.cost.push_back(i >= culprit ? 1 + work : 1.0);
    h.code.push_back(static_cast<int>(i));
  }
  return h;
}

std::size_t typical_bound(std::size_t n) { return static_cast<std::size_t>(std::ceil(std::log2(n))) + 2; }

TEST(BisectSearch, NamesTheCommitThatAddedWorkInSixteenCommitsWithAtMostSixComparisons) {
  for (std::size_t culprit = 1; culprit <= 16; ++culprit) {
    ScriptedHistory h = step_history(16, culprit, 0.03);
    const Finding f = search(16, kThreshold, h);
    ASSERT_EQ(f.outcome, Outcome::found) << "culprit " << culprit;
    EXPECT_EQ(f.first, culprit);
    EXPECT_EQ(f.parent, culprit - 1);
    EXPECT_NEAR(f.first_vs_parent.ratio, 1.03, 1e-12);
    EXPECT_NEAR(f.bad_vs_good.ratio, 1.03, 1e-12);
    EXPECT_LE(f.comparisons, 6u) << "culprit " << culprit;  // log2(16) + 2
    EXPECT_EQ(f.comparisons, h.compared.size());
    // The last comparison is the culprit against its parent (or good, when that is its parent).
    EXPECT_EQ(h.compared.back(), std::make_pair(culprit - 1, culprit));
  }
}

TEST(BisectSearch, ComparisonsStayWithinLog2OfTheCommitsPlusTwoForEveryLengthAndPosition) {
  for (std::size_t n = 1; n <= 40; ++n) {
    for (std::size_t culprit = 1; culprit <= n; ++culprit) {
      ScriptedHistory h = step_history(n, culprit, 0.05);
      const Finding f = search(n, kThreshold, h);
      ASSERT_EQ(f.outcome, Outcome::found);
      EXPECT_EQ(f.first, culprit) << n << " commits";
      EXPECT_LE(f.comparisons, typical_bound(n)) << n << " commits, culprit " << culprit;
      EXPECT_LE(f.built.size(), typical_bound(n) + 1);
    }
  }
}

TEST(BisectSearch, ALaterCommitUndoingPartOfTheSlowdownDoesNotHideIt) {
  ScriptedHistory h = step_history(16, 5, 0.10);
  for (std::size_t i = 9; i <= 16; ++i) h.cost[i] = 1.02;  // commit 9 wins back most of it
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 5u);
  EXPECT_NEAR(f.first_vs_parent.ratio, 1.10, 1e-12);
  EXPECT_NEAR(f.bad_vs_good.ratio, 1.02, 1e-12);
}

TEST(BisectSearch, WhenASlowdownIsUndoneAndAnotherComesLaterItNamesOneThatMadeItSlower) {
  // +5% at 3, undone at 6, +3% at 12: either 3 or 12 is a right answer, and nothing else is.
  ScriptedHistory h = step_history(16, 3, 0.05);
  for (std::size_t i = 6; i <= 16; ++i) h.cost[i] = i >= 12 ? 1.03 : 1.0;
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_TRUE(f.first == 3 || f.first == 12) << f.first;
  EXPECT_EQ(f.parent, f.first - 1);
  EXPECT_GT(h.cost[f.first], h.cost[f.parent] * (1 + kThreshold));
  EXPECT_LE(f.comparisons, typical_bound(16));
}

TEST(BisectSearch, NothingSlowerIsSaidAfterOneComparison) {
  ScriptedHistory h = step_history(16, 7, -0.04);  // faster, not slower
  const Finding f = search(16, kThreshold, h);
  EXPECT_EQ(f.outcome, Outcome::nothing_slower);
  EXPECT_EQ(f.comparisons, 1u);
  EXPECT_NEAR(f.bad_vs_good.ratio, 0.96, 1e-12);
  EXPECT_EQ(f.built, (std::vector<std::size_t>{0, 16}));
}

TEST(BisectSearch, BadWithGoodsCodeIsNotSlowerWithoutAMeasurement) {
  ScriptedHistory h = step_history(8, 4, 0.5);
  h.code[8] = h.code[0];
  const Finding f = search(8, kThreshold, h);
  EXPECT_EQ(f.outcome, Outcome::nothing_slower);
  EXPECT_EQ(f.comparisons, 0u);
  EXPECT_EQ(f.by_code, std::vector<std::size_t>{8});
}

TEST(BisectSearch, CommitsWhoseCodeIsAlreadyJudgedAreNotMeasured) {
  // Code changes at 3 (no cost), 8 (the work) and 12 (no cost); the others change nothing the
  // benchmark runs.
  ScriptedHistory h = step_history(16, 8, 0.03);
  for (std::size_t i = 0; i <= 16; ++i) h.code[i] = i < 3 ? 0 : i < 8 ? 1 : i < 12 ? 2 : 3;
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 8u);
  EXPECT_EQ(f.parent, 7u);
  // Measured: bad, 8 (the first of its code), 4 (the first of code 1), and 8 against 7.
  EXPECT_EQ(h.compared, (std::vector<std::pair<std::size_t, std::size_t>>{{0, 16}, {0, 8}, {0, 4}, {7, 8}}));
  EXPECT_EQ(f.by_code, (std::vector<std::size_t>{6, 7}));
}

TEST(BisectSearch, ACommitWithItsParentsCodeIsNeverNamed) {
  // Only two codes: the step between them is the one answer, and two measurements find it.
  ScriptedHistory h = step_history(16, 11, 0.03);
  for (std::size_t i = 0; i <= 16; ++i) h.code[i] = i < 11 ? 0 : 1;
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 11u);
  EXPECT_EQ(f.comparisons, 2u);  // bad against good, 11 against 10
}

TEST(BisectSearch, ACommitThatDoesNotBuildIsPassedOverAndTheRangeSaysSo) {
  ScriptedHistory h = step_history(16, 8, 0.03);
  h.code[8] = std::nullopt;
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 9u);
  EXPECT_EQ(f.parent, 7u);  // 8 or 9: the build of 8 failed
  EXPECT_EQ(f.skipped, std::vector<std::size_t>{8});
}

TEST(BisectSearch, AWrongNotSlowerIsCorrectedWhenItsConfirmationFails) {
  // The comparison of 4 with good says "not slower" by chance: 5 against 4 then finds no
  // step, 5's ratio to good says 4 was slower, and the search goes on to its left.
  ScriptedHistory h = step_history(16, 3, 0.10);
  h.overrides[{0, 4}] = Comparison{1.0, 0.99, 1.01, false};
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 3u);
  EXPECT_EQ(f.parent, 2u);
}

TEST(BisectSearch, AWrongSlowerIsCorrectedWhenItsConfirmationFails) {
  // 8 against good says "slower" by chance: 8 against 7 finds no step, a second measurement
  // of 8 against good finds it not slower, and the search goes on to 8's right.
  ScriptedHistory h = step_history(16, 11, 0.10);
  h.overrides[{0, 8}] = Comparison{1.05, 1.03, 1.07, true};
  const Finding f = search(16, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 11u);
  EXPECT_EQ(f.parent, 10u);
}

TEST(BisectSearch, ASlowdownInStepsBelowTheThresholdIsGradual) {
  // +0.8% at 2 and at 5: bad is 1.6% slower, no commit 1% slower on its own.
  ScriptedHistory h = step_history(10, 2, 0.008);
  for (std::size_t i = 5; i <= 10; ++i) h.cost[i] = 1.008 * 1.008;
  const Finding f = search(10, kThreshold, h);
  EXPECT_EQ(f.outcome, Outcome::gradual);
  EXPECT_TRUE(f.bad_vs_good.slower);
  // Slower than good from 5 on, by 0.8% on its own.
  EXPECT_EQ(f.first, 5u);
  EXPECT_EQ(f.parent, 4u);
  EXPECT_NEAR(f.first_vs_parent.ratio, 1.008, 1e-12);
  EXPECT_FALSE(f.first_vs_parent.slower);
  EXPECT_LE(f.comparisons, typical_bound(10) + 1);
}

TEST(BisectSearch, OneCommitIsOneComparison) {
  ScriptedHistory h = step_history(1, 1, 0.2);
  const Finding f = search(1, kThreshold, h);
  ASSERT_EQ(f.outcome, Outcome::found);
  EXPECT_EQ(f.first, 1u);
  EXPECT_EQ(f.comparisons, 1u);
}

}  // namespace
}  // namespace tare::bisect
