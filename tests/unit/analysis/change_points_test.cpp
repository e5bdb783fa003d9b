// Change points over commits on small series of known truth: where a step begins, its size
// and interval, spikes set aside, a change not yet confirmed, commits kept whole, the timed
// code's identity.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "analysis/change_points.hpp"

namespace change_points_exact {

using tare::analysis::Better;
using tare::analysis::CodeChange;
using tare::analysis::find_change_points;
using tare::analysis::SeriesRun;

// Scores 0.5% apart in a fixed pattern around `level`, one run per commit "c<i>".
std::vector<SeriesRun> flat(int runs, double level = 100, int first_commit = 0) {
  constexpr double kWobble[] = {0.003, -0.004, 0.001, 0.005, -0.002, -0.005, 0.004, -0.001};
  std::vector<SeriesRun> series;
  for (int i = 0; i < runs; ++i)
    series.push_back({"c" + std::to_string(first_commit + i), level * (1 + kWobble[i % 8]), level * 0.002, ""});
  return series;
}

std::vector<SeriesRun> step_at(int before, int after, double factor) {
  auto series = flat(before);
  for (const auto& run : flat(after, 100 * factor, before)) series.push_back(run);
  return series;
}

TEST(ChangePoints, AStepIsFoundAtItsFirstCommitWithItsSize) {
  const auto found = find_change_points(step_at(12, 12, 1.05), Better::lower);
  ASSERT_EQ(found.changes.size(), 1u);
  const auto& change = found.changes[0];
  EXPECT_EQ(change.run, 12u);
  EXPECT_EQ(change.commit, "c12");
  EXPECT_NEAR(change.size, 0.05, 0.003);
  EXPECT_LT(change.low, 0.05);
  EXPECT_GT(change.high, 0.05);
  EXPECT_GT(change.low, 0.03);
  EXPECT_TRUE(change.slower);
  EXPECT_EQ(change.code, CodeChange::unknown);
  EXPECT_TRUE(found.spikes.empty());
}

TEST(ChangePoints, AHigherThroughputIsFaster) {
  const auto found = find_change_points(step_at(10, 10, 1.05), Better::higher);
  ASSERT_EQ(found.changes.size(), 1u);
  EXPECT_FALSE(found.changes[0].slower);
}

TEST(ChangePoints, AFlatSeriesHasNone) {
  EXPECT_TRUE(find_change_points(flat(40), Better::lower).changes.empty());
}

TEST(ChangePoints, ASingleSpikeIsSetAsideNotAChange) {
  auto series = flat(30);
  series[14].score *= 1.25;
  series[0].score *= 1.2;  // at the window's start too
  const auto found = find_change_points(series, Better::lower);
  EXPECT_TRUE(found.changes.empty());
  EXPECT_EQ(found.spikes, (std::vector<std::size_t>{0, 14}));
  EXPECT_EQ(found.runs_used, 28u);
}

TEST(ChangePoints, AChangeAtTheNewestCommitWaitsForASecondRun) {
  auto series = flat(20);
  series.push_back({"c20", 110, 0.2, ""});
  const auto unconfirmed = find_change_points(series, Better::lower);
  EXPECT_TRUE(unconfirmed.changes.empty());
  EXPECT_EQ(unconfirmed.spikes, std::vector<std::size_t>{20});
  series.push_back({"c20", 110.3, 0.2, ""});  // the same commit, run again
  const auto confirmed = find_change_points(series, Better::lower);
  ASSERT_EQ(confirmed.changes.size(), 1u);
  EXPECT_EQ(confirmed.changes[0].commit, "c20");
}

TEST(ChangePoints, AChangeFallsOnlyWhereACommitBegins) {
  // Commit "m" has six runs, the last three slower: inside one commit, that is no change of
  // the code: the change is put where "m" or the commit after it begins (run 10 or 16).
  auto series = flat(10);
  for (int i = 0; i < 6; ++i) series.push_back({"m", i < 3 ? 100.0 : 104.0, 0.2, ""});
  for (const auto& run : flat(10, 104, 20)) series.push_back(run);
  const auto found = find_change_points(series, Better::lower);
  for (const auto& change : found.changes) EXPECT_TRUE(change.run == 10 || change.run == 16) << change.run;
  ASSERT_FALSE(found.changes.empty());
}

TEST(ChangePoints, TheTimedCodeIdentitySaysWhetherTheCodeChanged) {
  auto series = step_at(10, 10, 1.05);
  for (std::size_t i = 0; i < series.size(); ++i) series[i].code = i < 10 ? "aaaa" : "bbbb";
  auto found = find_change_points(series, Better::lower);
  ASSERT_EQ(found.changes.size(), 1u);
  EXPECT_EQ(found.changes[0].code, CodeChange::changed);
  for (auto& run : series) run.code = "aaaa";
  found = find_change_points(series, Better::lower);
  ASSERT_EQ(found.changes.size(), 1u);
  EXPECT_EQ(found.changes[0].code, CodeChange::same);
}

TEST(ChangePoints, TheSpreadBetweenRunsWidensWhatTheRunsOwnIntervalsSay) {
  // Runs 2% apart whose own intervals say 0.2%: a 1.5% wobble is no change.
  std::vector<SeriesRun> series;
  constexpr double kWobble[] = {0.02, -0.015, 0.01, -0.025, 0.015, -0.01, 0.025, -0.02};
  for (int i = 0; i < 32; ++i) series.push_back({"c" + std::to_string(i), 100 * (1 + kWobble[i % 8]), 0.2, ""});
  const auto found = find_change_points(series, Better::lower);
  EXPECT_TRUE(found.changes.empty());
  EXPECT_GT(found.between_run_sd, 0.01);
}

TEST(ChangePoints, TooFewRunsHaveNone) {
  EXPECT_TRUE(find_change_points(step_at(1, 2, 1.5), Better::lower).changes.empty());
  EXPECT_TRUE(find_change_points({}, Better::lower).changes.empty());
}

}  // namespace change_points_exact
