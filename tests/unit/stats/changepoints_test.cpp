#include "stats/changepoints.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

#include "synthetic.hpp"

namespace tare::stats {
namespace {

using testing::step_series;

bool one_changepoint_near(const std::vector<std::size_t>& cps, std::size_t truth,
                          std::size_t tolerance) {
  return cps.size() == 1 && cps[0] + tolerance >= truth && cps[0] <= truth + tolerance;
}

// --- rolling_outliers ---------------------------------------------------------------------

TEST(RollingOutliers, FivePlantedSpikesAreExactlyTheOnesFlagged) {
  std::mt19937_64 rng(101);
  auto xs = testing::normal_sample(rng, 100, 100.0, 1.0);
  const std::vector<std::size_t> spikes = {3, 27, 50, 74, 104};  // positions in the final series
  for (std::size_t at : spikes) xs.insert(xs.begin() + static_cast<std::ptrdiff_t>(at), 200.0);
  ASSERT_EQ(xs.size(), 105u);
  EXPECT_EQ(rolling_outliers(xs), spikes);
}

TEST(RollingOutliers, EqualValuesAreNeverFlaggedEvenWithZeroSpread) {
  // A quantized clock can report one value throughout: P90 − P10 = 0, and the band is the
  // median itself. The comparison is strict, so nothing equal to it goes.
  EXPECT_TRUE(rolling_outliers(std::vector<double>(500, 10.0), 200, 0.0).empty());
  std::vector<double> xs(500, 10.0);
  xs[321] = 11.0;
  EXPECT_EQ(rolling_outliers(xs, 200, 0.0), std::vector<std::size_t>{321});
  // One quantum of spread: 11 is within 10 ± 3.
  EXPECT_TRUE(rolling_outliers(xs, 200, 1.0).empty());
}

TEST(RollingOutliers, LevelShiftStaysAndLocalSpikeGoes) {
  // 100 → 200 at 1000. Globally P90 − P10 ≈ 100, so 115 would pass a global test; its
  // window of 200 neighbours all sit near 100 and flag it. The shift itself is not an
  // outlier: the windows that straddle it see both levels.
  std::mt19937_64 rng(102);
  auto xs = step_series(rng, 2000, 1000, 100.0, 200.0, 1.0);
  xs[400] = 115.0;
  EXPECT_EQ(rolling_outliers(xs), std::vector<std::size_t>{400});
}

TEST(RollingOutliers, WindowClampsAtTheEnds) {
  // Spikes at the very first and last positions are judged against the first and last
  // full windows.
  std::mt19937_64 rng(103);
  auto xs = testing::normal_sample(rng, 1000, 5.0, 0.1);
  xs.front() = 9.0;
  xs.back() = 1.0;
  EXPECT_EQ(rolling_outliers(xs, 50), (std::vector<std::size_t>{0, 999}));
}

TEST(RollingOutliers, NonFiniteValuesAreFlaggedAndIgnored) {
  std::mt19937_64 rng(104);
  auto xs = testing::normal_sample(rng, 300, 1.0, 0.01);
  xs[10] = std::numeric_limits<double>::quiet_NaN();
  xs[20] = std::numeric_limits<double>::infinity();
  xs[30] = 2.0;
  EXPECT_EQ(rolling_outliers(xs), (std::vector<std::size_t>{10, 20, 30}));
}

TEST(RollingOutliers, TinyInputs) {
  EXPECT_TRUE(rolling_outliers(std::vector<double>{}).empty());
  EXPECT_TRUE(rolling_outliers(std::vector<double>{3.0}).empty());
  EXPECT_TRUE(rolling_outliers(std::vector<double>{3.0, 4.0}, 0).empty());
}

// --- pelt_meanvar -------------------------------------------------------------------------

TEST(Pelt, PlantedChangeInMean) {
  std::mt19937_64 rng(201);
  const auto xs = step_series(rng, 2000, 300, 2.0, 1.0, 0.01);
  const auto cps = pelt_meanvar(xs);
  ASSERT_EQ(cps.size(), 1u);
  EXPECT_NEAR(static_cast<double>(cps[0]), 300.0, 2.0);
}

TEST(Pelt, FiveSigmaStepIsLocatedWithinTwoSamples) {
  std::mt19937_64 rng(202);
  std::uniform_int_distribution<std::size_t> position(60, 140);
  int hits = 0;
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t at = position(rng);
    const auto xs = step_series(rng, 200, at, 10.0, 15.0, 1.0);
    if (one_changepoint_near(pelt_meanvar(xs), at, 2)) ++hits;
  }
  EXPECT_GE(hits, 48);  // >= 95%
}

TEST(Pelt, ChangeInVarianceOnly) {
  std::mt19937_64 rng(203);
  auto xs = testing::normal_sample(rng, 1000, 1.0, 0.01);
  const auto noisy = testing::normal_sample(rng, 1000, 1.0, 0.03);
  xs.insert(xs.end(), noisy.begin(), noisy.end());
  const auto cps = pelt_meanvar(xs);
  ASSERT_EQ(cps.size(), 1u);
  // A variance change is located less sharply than a mean change.
  EXPECT_NEAR(static_cast<double>(cps[0]), 1000.0, 30.0);
}

TEST(Pelt, ConstantNormalSeriesHasNoChangepoints) {
  std::mt19937_64 rng(204);
  int clean = 0;
  for (int trial = 0; trial < 100; ++trial) {
    if (pelt_meanvar(testing::normal_sample(rng, 200, 1.0, 0.01)).empty()) ++clean;
  }
  EXPECT_GE(clean, 98);
}

TEST(Pelt, QuantizedConstantSeriesWithFloorHasNoChangepoints) {
  // Ticks of a clock with quantum 1: three 10s for every 11, at random. Runs of equal
  // values have σ̂² = 0; the floor q²/12 keeps them from looking infinitely likely.
  std::mt19937_64 rng(205);
  std::uniform_int_distribution<int> tick(0, 3);
  std::vector<double> xs(2000);
  for (double& x : xs) x = tick(rng) == 0 ? 11.0 : 10.0;
  ChangepointOptions options;
  options.variance_floor = 1.0 / 12.0;
  const auto cps = pelt_meanvar(xs, options);
  EXPECT_TRUE(cps.empty());
  for (const Segment& s : segments(xs, cps)) {
    EXPECT_TRUE(std::isfinite(s.mean));
    EXPECT_TRUE(std::isfinite(s.variance));
  }
}

TEST(Pelt, AllEqualSeriesWithoutFloorHasNoChangepoints) {
  EXPECT_TRUE(pelt_meanvar(std::vector<double>(1000, 7.25)).empty());
  EXPECT_TRUE(pelt_meanvar(std::vector<double>(1000, 0.0)).empty());
}

TEST(Pelt, QuantizedStepIsFound) {
  std::mt19937_64 rng(206);
  auto xs = step_series(rng, 1000, 400, 120.0, 100.0, 0.7);
  for (double& x : xs) x = std::round(x);
  ChangepointOptions options;
  options.variance_floor = 1.0 / 12.0;
  const auto cps = pelt_meanvar(xs, options);
  EXPECT_TRUE(one_changepoint_near(cps, 400, 2));
}

TEST(Pelt, InvariantToShiftAndScale) {
  // The prefix sums are centred, so a large common offset costs no precision.
  std::mt19937_64 rng(207);
  auto xs = step_series(rng, 600, 200, 1.0, 1.02, 0.01);
  const auto low = testing::normal_sample(rng, 200, 0.99, 0.005);
  std::copy(low.begin(), low.end(), xs.begin() + 400);
  const auto reference = pelt_meanvar(xs);
  ASSERT_EQ(reference.size(), 2u);
  std::vector<double> moved(xs.size());
  for (std::size_t j = 0; j < xs.size(); ++j) moved[j] = 1e6 + 1000.0 * xs[j];
  EXPECT_EQ(pelt_meanvar(moved), reference);
}

TEST(Pelt, PenaltyAndMinimumSegment) {
  std::mt19937_64 rng(208);
  const auto xs = step_series(rng, 200, 100, 10.0, 12.0, 1.0);
  ChangepointOptions options;
  options.penalty = 1e6;
  EXPECT_TRUE(pelt_meanvar(xs, options).empty());

  // A 3-value blip at the start cannot be cut off with min_segment 5.
  std::vector<double> blip = testing::normal_sample(rng, 100, 1.0, 0.01);
  for (std::size_t j = 0; j < 3; ++j) blip[j] = 2.0;
  EXPECT_EQ(pelt_meanvar(blip), std::vector<std::size_t>{3});
  ChangepointOptions wide;
  wide.min_segment = 5;
  for (std::size_t cp : pelt_meanvar(blip, wide)) {
    EXPECT_GE(cp, 5u);
    EXPECT_LE(cp, 95u);
  }
}

TEST(Pelt, SeveralChanges) {
  std::mt19937_64 rng(209);
  std::vector<double> xs;
  const std::vector<double> levels = {3.0, 2.0, 2.5, 1.0};
  for (double level : levels) {
    const auto part = testing::normal_sample(rng, 250, level, 0.05);
    xs.insert(xs.end(), part.begin(), part.end());
  }
  const auto cps = pelt_meanvar(xs);
  ASSERT_EQ(cps.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(static_cast<double>(cps[k]), 250.0 * static_cast<double>(k + 1), 2.0);
  }
}

TEST(Pelt, ShortAndNonFiniteInputsGiveNoChangepoints) {
  EXPECT_TRUE(pelt_meanvar(std::vector<double>{}).empty());
  EXPECT_TRUE(pelt_meanvar(std::vector<double>{1.0}).empty());
  EXPECT_TRUE(pelt_meanvar(std::vector<double>{1.0, 100.0, 100.0}).empty());  // n < 2·2
  std::mt19937_64 rng(210);
  auto xs = step_series(rng, 200, 100, 2.0, 1.0, 0.01);
  xs[50] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(pelt_meanvar(xs).empty());
}

TEST(Pelt, PruningKeepsLongSeriesCheap) {
  // 50,000 values whose level moves every 100. Without pruning PELT evaluates n²/2 ≈ 1.25e9
  // segment costs (tens of seconds, minutes under sanitizers); with it each t looks back
  // about one segment. (A series with no change at all cannot be pruned: there every
  // candidate stays and PELT is quadratic.)
  std::mt19937_64 rng(211);
  std::vector<double> xs;
  for (int block = 0; block < 500; ++block) {
    const auto part = testing::normal_sample(rng, 100, block % 2 == 0 ? 1.0 : 1.1, 0.01);
    xs.insert(xs.end(), part.begin(), part.end());
  }
  const auto cps = pelt_meanvar(xs);
  ASSERT_EQ(cps.size(), 499u);
  for (std::size_t k = 0; k < cps.size(); ++k) {
    EXPECT_NEAR(static_cast<double>(cps[k]), 100.0 * static_cast<double>(k + 1), 2.0);
  }
}

// --- segments -----------------------------------------------------------------------------

TEST(Segments, MeansAndUnbiasedVariances) {
  const std::vector<double> xs = {1, 3, 10, 20, 30, 7};
  const std::vector<std::size_t> cps = {2, 5};
  const auto segs = segments(xs, cps);
  ASSERT_EQ(segs.size(), 3u);
  EXPECT_EQ(segs[0].begin, 0u);
  EXPECT_EQ(segs[0].end, 2u);
  EXPECT_DOUBLE_EQ(segs[0].mean, 2.0);
  EXPECT_DOUBLE_EQ(segs[0].variance, 2.0);
  EXPECT_EQ(segs[1].begin, 2u);
  EXPECT_EQ(segs[1].end, 5u);
  EXPECT_DOUBLE_EQ(segs[1].mean, 20.0);
  EXPECT_DOUBLE_EQ(segs[1].variance, 100.0);
  EXPECT_EQ(segs[2].begin, 5u);
  EXPECT_EQ(segs[2].end, 6u);
  EXPECT_DOUBLE_EQ(segs[2].mean, 7.0);
  EXPECT_EQ(segs[2].variance, 0.0);
}

TEST(Segments, NoChangepointsAndBadChangepoints) {
  const std::vector<double> xs = {1, 2, 3};
  const auto whole = segments(xs, std::vector<std::size_t>{});
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_EQ(whole[0].end, 3u);
  EXPECT_DOUBLE_EQ(whole[0].mean, 2.0);
  // 0, repeats, descending and out-of-range indices are skipped.
  const auto cleaned = segments(xs, std::vector<std::size_t>{0, 2, 2, 1, 3, 7});
  ASSERT_EQ(cleaned.size(), 2u);
  EXPECT_EQ(cleaned[0].end, 2u);
  EXPECT_EQ(cleaned[1].begin, 2u);
  EXPECT_TRUE(segments(std::vector<double>{}, std::vector<std::size_t>{1}).empty());
}

}  // namespace
}  // namespace tare::stats
