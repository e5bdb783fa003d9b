// The ratio of two means known only by their stated intervals (tare::gbench's rows): hand
// computations with known standard errors, symmetry, the p-value against the interval,
// degenerate input, and agreement with Fieller and coverage on synthetic fork means.
#include "stats/summary_ratio.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "stats/descriptive.hpp"
#include "synthetic.hpp"
#include "t_quantiles.hpp"

namespace tare::stats {
namespace {

using testing::kT4;
using testing::kT9;

// A mean whose standard error is `se`, as its 95% interval over n replicates states it.
MeanSummary stated(double mean, double se, std::size_t n, double t) {
  return MeanSummary{mean, mean - t * se, mean + t * se, 0.95, n};
}

// Base 100 with SE 2 over 5 forks (log SE 0.02), new 110 with SE 3.3 over 10 forks (log
// SE 0.03). By hand: SE = sqrt(0.02^2 + 0.03^2) = 0.0360555; Welch–Satterthwaite df =
// 0.0013^2 / (0.02^4 / 4 + 0.03^4 / 9) = 13 exactly; t(0.975, 13) = 2.1603687; interval
// exp(ln 1.1 -/+ t SE); p = 2 P(T13 > ln 1.1 / SE). Expected values from mpmath (30 digits).
TEST(SummaryRatio, KnownStandardErrorsGiveTheHandComputedInterval) {
  const MeanSummary base = stated(100, 2, 5, kT4), next = stated(110, 3.3, 10, kT9);
  EXPECT_NEAR(log_standard_error(base), 0.02, 1e-12);
  EXPECT_NEAR(log_standard_error(next), 0.03, 1e-12);
  const RatioInterval r = summary_ratio(base, next);
  EXPECT_NEAR(r.estimate, 1.1, 1e-12);
  EXPECT_NEAR(r.low, 1.01756954018000076049, 1e-9);
  EXPECT_NEAR(r.high, 1.18910792061047706871, 1e-9);
  EXPECT_NEAR(r.p_value, 0.0202634428367354973, 1e-9);
  EXPECT_DOUBLE_EQ(r.level, 0.95);
  EXPECT_TRUE(r.bounded);
  EXPECT_EQ(r.resamples, 0u);
}

TEST(SummaryRatio, SymmetricCases) {
  // The same summary on both sides: ratio 1, interval symmetric on the log scale, p = 1.
  const MeanSummary side = stated(250, 5, 6, 2.57058183563631);
  const RatioInterval same = summary_ratio(side, side);
  EXPECT_DOUBLE_EQ(same.estimate, 1.0);
  EXPECT_NEAR(same.low * same.high, 1.0, 1e-12);
  EXPECT_LT(same.low, 1.0);
  EXPECT_DOUBLE_EQ(same.p_value, 1.0);
  // Swapping base and new inverts the ratio and its interval; the p-value stays.
  const MeanSummary base = stated(100, 2, 5, kT4), next = stated(110, 3.3, 10, kT9);
  const RatioInterval forward = summary_ratio(base, next), backward = summary_ratio(next, base);
  EXPECT_NEAR(backward.estimate, 1 / forward.estimate, 1e-12);
  EXPECT_NEAR(backward.low, 1 / forward.high, 1e-12);
  EXPECT_NEAR(backward.high, 1 / forward.low, 1e-12);
  EXPECT_NEAR(backward.p_value, forward.p_value, 1e-12);
  // Scaling both sides (another time unit) changes nothing.
  const RatioInterval scaled = summary_ratio(stated(0.1, 0.002, 5, kT4), stated(0.11, 0.0033, 10, kT9));
  EXPECT_NEAR(scaled.low, forward.low, 1e-12);
  EXPECT_NEAR(scaled.high, forward.high, 1e-12);
}

// Two comparisons: the one above and an unchanged one (50 v 50, log SE 0.02 each, 5 forks).
// By hand: ln G = ln 1.1 / 2; SE = sqrt(0.0004 + 0.0009 + 0.0004 + 0.0004) / 2; df =
// 0.0021^2 / (2 0.0004^2 / 4 + 0.0009^2 / 9 + 0.0004^2 / 4) = 21. The lower end lands just
// above 1 and the p-value just below 5%: they agree.
TEST(SummaryRatio, GeometricMeanOfTwoComparisons) {
  const std::vector<std::pair<MeanSummary, MeanSummary>> comparisons{
      {stated(100, 2, 5, kT4), stated(110, 3.3, 10, kT9)}, {stated(50, 1, 5, kT4), stated(50, 1, 5, kT4)}};
  const RatioInterval g = summary_geomean_ratio(comparisons);
  EXPECT_NEAR(g.estimate, 1.04880884817015154699, 1e-12);
  EXPECT_NEAR(g.low, 1.00000515061671312904, 1e-9);
  EXPECT_NEAR(g.high, 1.09999433435079714553, 1e-9);
  EXPECT_NEAR(g.p_value, 0.0499774124424362102, 1e-9);
  EXPECT_GT(g.low, 1.0);
  EXPECT_LT(g.p_value, 0.05);
  // One comparison: the ratio itself.
  const RatioInterval one = summary_geomean_ratio({comparisons[0]});
  const RatioInterval ratio = summary_ratio(comparisons[0].first, comparisons[0].second);
  EXPECT_DOUBLE_EQ(one.low, ratio.low);
  EXPECT_DOUBLE_EQ(one.high, ratio.high);
  EXPECT_DOUBLE_EQ(one.p_value, ratio.p_value);
}

// The same two comparisons as above, each given as its log ratio with a combined standard
// error and Welch–Satterthwaite df (13 as computed above; 0.0008^2 / (2 0.0004^2 / 4) = 8):
// the geometric mean of log-ratio estimates is the summary-level one.
TEST(SummaryRatio, GeometricMeanOfLogRatioEstimatesIsTheSummaryLevelOne) {
  const std::vector<LogRatioEstimate> parts{{std::log(1.1), std::sqrt(0.0013), 13}, {0.0, std::sqrt(0.0008), 8}};
  const RatioInterval g = geomean_of_log_ratios(parts);
  EXPECT_NEAR(g.estimate, 1.04880884817015154699, 1e-12);
  EXPECT_NEAR(g.low, 1.00000515061671312904, 1e-9);
  EXPECT_NEAR(g.high, 1.09999433435079714553, 1e-9);
  EXPECT_NEAR(g.p_value, 0.0499774124424362102, 1e-9);
  const RatioInterval one = geomean_of_log_ratios({parts[0]});
  EXPECT_NEAR(one.low, 1.01756954018000076049, 1e-9);
  EXPECT_NEAR(one.high, 1.18910792061047706871, 1e-9);
}

// A mean of pair log-ratios (tare ab's rows): alone, its geometric mean is the paired
// interval itself, at any level.
TEST(SummaryRatio, OneMeanOfLogRatiosGivesThePairedInterval) {
  const std::vector<double> logs{0.01, 0.03, 0.02, 0.05, -0.01};
  const LogRatioEstimate e = mean_log_ratio(logs);
  EXPECT_NEAR(e.log_ratio, 0.02, 1e-15);
  EXPECT_NEAR(e.standard_error, std::sqrt(variance(logs) / 5), 1e-15);
  EXPECT_DOUBLE_EQ(e.df, 4);
  for (const double level : {0.95, 0.99}) {
    const RatioInterval g = geomean_of_log_ratios({e}, level);
    const RatioInterval paired = paired_ratio(logs, level);
    EXPECT_NEAR(g.estimate, paired.estimate, 1e-12);
    EXPECT_NEAR(g.low, paired.low, 1e-12);
    EXPECT_NEAR(g.high, paired.high, 1e-12);
    EXPECT_NEAR(g.p_value, paired.p_value, 1e-12);
  }
  EXPECT_TRUE(std::isnan(mean_log_ratio({0.1}).log_ratio));
  EXPECT_TRUE(std::isnan(mean_log_ratio({0.1, kNaN}).standard_error));
  const RatioInterval bad = geomean_of_log_ratios({e, mean_log_ratio({0.1})});
  EXPECT_TRUE(std::isnan(bad.estimate));
  EXPECT_FALSE(bad.bounded);
  EXPECT_TRUE(std::isnan(geomean_of_log_ratios({}).estimate));
  // No spread: the limit.
  const RatioInterval flat = geomean_of_log_ratios({mean_log_ratio({0.0, 0.0, 0.0})});
  EXPECT_DOUBLE_EQ(flat.low, 1.0);
  EXPECT_DOUBLE_EQ(flat.high, 1.0);
  EXPECT_DOUBLE_EQ(flat.p_value, 1.0);
}

TEST(SummaryRatio, DegenerateAndInvalidInput) {
  const MeanSummary good = stated(100, 2, 5, kT4);
  auto not_computed = [](const RatioInterval& r) {
    return std::isnan(r.estimate) && std::isnan(r.low) && std::isnan(r.high) && std::isnan(r.p_value) && !r.bounded;
  };
  MeanSummary one_fork = good;
  one_fork.n = 1;
  MeanSummary negative = good;
  negative.mean = -100;
  MeanSummary crossed = good;
  std::swap(crossed.low, crossed.high);
  MeanSummary no_bounds = good;
  no_bounds.low = no_bounds.high = kNaN;
  MeanSummary bad_level = good;
  bad_level.level = 95;
  for (const MeanSummary& bad : {one_fork, negative, crossed, no_bounds, bad_level}) {
    EXPECT_FALSE(usable(bad));
    EXPECT_TRUE(not_computed(summary_ratio(good, bad)));
    EXPECT_TRUE(not_computed(summary_ratio(bad, good)));
    EXPECT_TRUE(std::isnan(log_standard_error(bad)));
  }
  EXPECT_TRUE(not_computed(summary_ratio(good, good, 1.0)));
  EXPECT_TRUE(not_computed(summary_geomean_ratio({})));
  // No spread on either side: the limit.
  const MeanSummary exact{100, 100, 100, 0.95, 3}, exact_slower{120, 120, 120, 0.95, 3};
  const RatioInterval flat = summary_ratio(exact, exact_slower);
  EXPECT_DOUBLE_EQ(flat.estimate, 1.2);
  EXPECT_DOUBLE_EQ(flat.low, 1.2);
  EXPECT_DOUBLE_EQ(flat.high, 1.2);
  EXPECT_DOUBLE_EQ(flat.p_value, 0.0);
  EXPECT_DOUBLE_EQ(summary_ratio(exact, exact).p_value, 1.0);
}

TEST(SummaryRatio, SummarizeStatesTheStudentTIntervalOfTheValues) {
  const std::vector<double> values{98, 101, 100, 103, 99};
  const MeanSummary s = summarize(values);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.mean, 100.2);
  // Back from the interval to the standard error: sd / sqrt(n) / mean.
  EXPECT_NEAR(log_standard_error(s), std::sqrt(variance(values) / 5) / 100.2, 1e-12);
  const MeanSummary single = summarize({42});
  EXPECT_EQ(single.n, 1u);
  EXPECT_DOUBLE_EQ(single.mean, 42);
  EXPECT_FALSE(usable(single));
}

// From the fork means themselves, Fieller's interval (linear scale, exact for normal means)
// and the summary ratio (log scale, delta method) agree closely when the spread is small.
TEST(SummaryRatio, AgreesWithFiellerOnForkMeansWithSmallSpread) {
  std::mt19937_64 rng(77);
  const std::vector<double> base = testing::normal_sample(rng, 8, 100.0, 1.0);
  const std::vector<double> next = testing::normal_sample(rng, 8, 105.0, 1.0);
  const RatioInterval fieller = fieller_ratio(base, next);
  const RatioInterval summary = summary_ratio(summarize(base), summarize(next));
  EXPECT_DOUBLE_EQ(summary.estimate, fieller.estimate);
  EXPECT_NEAR(summary.low, fieller.low, 2e-3);
  EXPECT_NEAR(summary.high, fieller.high, 2e-3);
  EXPECT_NEAR(summary.p_value, fieller.p_value, 0.02);
}

TEST(SummaryRatio, CoverageOnSyntheticForkMeans) {
  // 5 and 8 normal fork means with 3% spread, a true ratio of 1.2; 2,000 experiments:
  // the rate's SD is 0.49%, so 93-97% is a 4 SD band.
  std::mt19937_64 rng(2031);
  constexpr int kExperiments = 2000;
  int covered = 0;
  for (int e = 0; e < kExperiments; ++e) {
    const RatioInterval r = summary_ratio(summarize(testing::normal_sample(rng, 5, 100.0, 3.0)),
                                          summarize(testing::normal_sample(rng, 8, 120.0, 3.6)));
    if (r.low <= 1.2 && 1.2 <= r.high) ++covered;
  }
  const double rate = covered / static_cast<double>(kExperiments);
  EXPECT_GE(rate, 0.93);
  EXPECT_LE(rate, 0.97);
}

}  // namespace
}  // namespace tare::stats
