#include "stats/ratio.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <vector>

#include "stats/bootstrap.hpp"
#include "stats/descriptive.hpp"
#include "synthetic.hpp"
#include "support/full_scale.hpp"

namespace tare::stats {
namespace {

using testing::mean_of_fork_means;

using Forks = std::vector<std::vector<double>>;
using Values = std::vector<double>;

bool covers(const RatioInterval& r, double truth) { return r.low <= truth && truth <= r.high; }

// ---- Welch and Fieller ------------------------------------------------------------------

// Expected values from mpmath at 30 digits, independently of Boost: t quantile by root
// finding on the regularised incomplete beta, Fieller's ends also as the roots of
// (mn - θ mb)^2 = t^2 (vn + θ^2 vb).
TEST(Fieller, HandComputedCase) {
  // Base: mean 100, s^2 10/3, r 4. New: mean 109.8, s^2 5.7, r 5. Welch df 6.99887500582.
  const Values base = {98, 101, 99, 102}, next = {108, 111, 107, 113, 110};
  const RatioInterval r = fieller_ratio(base, next);
  EXPECT_TRUE(r.bounded);
  EXPECT_EQ(r.level, 0.95);
  EXPECT_EQ(r.resamples, 0u);
  EXPECT_NEAR(r.estimate, 1.098, 1e-14);
  EXPECT_NEAR(r.low, 1.06386971380069575516, 1e-12);
  EXPECT_NEAR(r.high, 1.13315406490761337647, 1e-12);
  EXPECT_NEAR(r.p_value, 2.16221047666903486831e-4, 1e-12);
  EXPECT_NEAR(welch_p_value(base, next), r.p_value, 1e-18);
}

TEST(Fieller, NoisyBaseGivesAWideThenAnUnboundedInterval) {
  // Base {100, 140, 60}: g = 0.985, still bounded but strongly skewed above the estimate.
  const Values next = {100, 101, 99};
  const RatioInterval wide = fieller_ratio(Values{100, 140, 60}, next);
  EXPECT_TRUE(wide.bounded);
  EXPECT_NEAR(wide.estimate, 1.0, 1e-15);
  EXPECT_NEAR(wide.low, 0.501580160975215983086, 1e-10);
  EXPECT_NEAR(wide.high, 132.754011403775372670, 1e-7);
  EXPECT_NEAR(wide.p_value, 1.0, 1e-12);

  // Base {100, 160, 40}: g is about 2.2, the base mean is not told apart from 0.
  const RatioInterval open = fieller_ratio(Values{100, 160, 40}, next);
  EXPECT_FALSE(open.bounded);
  EXPECT_NEAR(open.estimate, 1.0, 1e-15);
  EXPECT_EQ(open.low, -kInf);
  EXPECT_EQ(open.high, kInf);
  EXPECT_NEAR(open.p_value, 1.0, 1e-12);
}

TEST(Fieller, NegatingBothSidesKeepsTheInterval) {
  const Values base = {98, 101, 99, 102}, next = {108, 111, 107, 113, 110};
  const Values minus_base = {-98, -101, -99, -102}, minus_next = {-108, -111, -107, -113, -110};
  const RatioInterval a = fieller_ratio(base, next), b = fieller_ratio(minus_base, minus_next);
  EXPECT_DOUBLE_EQ(a.estimate, b.estimate);
  EXPECT_DOUBLE_EQ(a.low, b.low);
  EXPECT_DOUBLE_EQ(a.high, b.high);
}

TEST(Fieller, DegenerateAndInvalidInput) {
  // Identical forks (a deterministic counter): the ratio is exact.
  const RatioInterval exact = fieller_ratio(Values{2, 2}, Values{3, 3, 3});
  EXPECT_TRUE(exact.bounded);
  EXPECT_EQ(exact.estimate, 1.5);
  EXPECT_EQ(exact.low, 1.5);
  EXPECT_EQ(exact.high, 1.5);
  EXPECT_EQ(exact.p_value, 0.0);
  EXPECT_EQ(fieller_ratio(Values{2, 2}, Values{2, 2}).p_value, 1.0);

  const RatioInterval zero = fieller_ratio(Values{-1, 1}, Values{3, 4});
  EXPECT_TRUE(std::isnan(zero.estimate));
  EXPECT_FALSE(zero.bounded);
  EXPECT_FALSE(std::isnan(zero.p_value));

  const Values ok = {1, 2, 3};
  for (const RatioInterval& r : {fieller_ratio(Values{1}, ok), fieller_ratio(ok, Values{}),
                                 fieller_ratio(ok, Values{1, kNaN}), fieller_ratio(ok, ok, 0.0),
                                 fieller_ratio(ok, ok, 1.0), fieller_ratio(ok, ok, kNaN)}) {
    EXPECT_TRUE(std::isnan(r.estimate));
    EXPECT_TRUE(std::isnan(r.low));
    EXPECT_TRUE(std::isnan(r.p_value));
    EXPECT_FALSE(r.bounded);
  }
}

TEST(Welch, SymmetricAndUndefinedCases) {
  const Values a = {98, 101, 99, 102}, b = {108, 111, 107, 113, 110};
  EXPECT_EQ(welch_p_value(a, b), welch_p_value(b, a));
  EXPECT_NEAR(welch_p_value(a, a), 1.0, 1e-15);
  EXPECT_TRUE(std::isnan(welch_p_value(Values{1}, b)));
  EXPECT_TRUE(std::isnan(welch_p_value(a, Values{1, kInf})));
}

TEST(Fieller, PValueAgreesWithTheInterval) {
  // The Welch test inverted is Fieller's set: p < 0.05 exactly when 1 is outside.
  std::mt19937_64 rng(31);
  int checked = 0;
  for (int e = 0; e < 300; ++e) {
    const double shift = 0.5 * static_cast<double>(e % 7);
    const Values base = testing::normal_sample(rng, 3 + e % 5, 100.0, 3.0);
    const Values next = testing::normal_sample(rng, 3 + e % 4, 100.0 + shift, 3.0);
    const RatioInterval r = fieller_ratio(base, next);
    ASSERT_TRUE(r.bounded);
    // Skip the handful of cases within rounding of the boundary.
    if (std::abs(r.p_value - 0.05) < 1e-9) continue;
    EXPECT_EQ(r.p_value < 0.05, !covers(r, 1.0)) << e;
    ++checked;
  }
  EXPECT_GT(checked, 290);
}

TEST(Fieller, CoverageOnSyntheticForkMeans) {
  // Normal fork means with equal variances: Welch's df is close to exact, so about 95%.
  // Over 2,000 experiments the rate has an SD of 0.49%: 93-97% is a 4 SD band.
  std::mt19937_64 rng(2030);
  constexpr int kExperiments = 2000;
  int covered = 0;
  for (int e = 0; e < kExperiments; ++e) {
    const Values base = testing::normal_sample(rng, 10, 100.0, 3.0);
    const Values next = testing::normal_sample(rng, 10, 101.0, 3.0);
    if (covers(fieller_ratio(base, next), 1.01)) ++covered;
  }
  const double rate = covered / static_cast<double>(kExperiments);
  tare::test::report_observed("Fieller 95% CI of 101/100, 10 v 10 fork means", rate);
  EXPECT_GE(rate, 0.93);
  EXPECT_LE(rate, 0.97);
}

// ---- Hierarchical bootstrap of the ratio --------------------------------------------------

Forks forks_around(std::uint64_t seed, double mean, double sd_fork = 3.0, double sd_sample = 5.0) {
  std::mt19937_64 rng(seed);
  return testing::hierarchical_sample(rng, 10, 20, mean, sd_fork, sd_sample);
}

TEST(BootstrapRatio, SameSeedSameIntervalOtherSeedOtherInterval) {
  const Forks base = forks_around(3, 100.0), next = forks_around(4, 103.0);
  const RatioInterval a = bootstrap_ratio(base, next, 500);
  const RatioInterval b = bootstrap_ratio(base, next, 500);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  EXPECT_EQ(a.p_value, b.p_value);
  const RatioInterval c = bootstrap_ratio(base, next, 500, 0.95, 2);
  EXPECT_TRUE(a.low != c.low || a.high != c.high);
  const RatioInterval blocks = bootstrap_ratio(base, next, 500, 0.95, 1, 4);
  EXPECT_EQ(blocks.low, bootstrap_ratio(base, next, 500, 0.95, 1, 4).low);
  EXPECT_TRUE(a.low != blocks.low || a.high != blocks.high);
}

TEST(BootstrapRatio, OneReplicateResamplesBaseThenCandidate) {
  // With B = 1 the interval is the single replicate: pins the order of the draws.
  const Forks base = {{1, 5, 2}, {}, {40, 41, 47, 49}, {7, 3}};
  const Forks next = {{9, 8}, {30, 31, 35}, {2}};
  for (std::size_t block : {1u, 2u}) {
    std::mt19937_64 rng(77);
    Forks base_out, next_out;
    hierarchical_resample(base, block, rng, base_out);
    hierarchical_resample(next, block, rng, next_out);
    const RatioInterval r = bootstrap_ratio(base, next, 1, 0.95, 77, block);
    EXPECT_EQ(r.resamples, 1u);
    EXPECT_DOUBLE_EQ(r.low, mean_of_fork_means(next_out) / mean_of_fork_means(base_out));
    EXPECT_EQ(r.low, r.high);
  }
}

TEST(BootstrapRatio, EstimateIsTheRatioOfMeansOfForkMeans) {
  // Fork means 2 and 10 (grand mean 6, not the pooled 4); empty forks are ignored.
  const RatioInterval r = bootstrap_ratio({{1, 2, 3}, {10}}, {{3}, {}, {15}}, 200);
  EXPECT_DOUBLE_EQ(r.estimate, 9.0 / 6.0);
  EXPECT_EQ(r.resamples, 200u);
  EXPECT_LE(r.low, r.estimate);
  EXPECT_GE(r.high, r.estimate);

  const Forks base = forks_around(5, 100.0), next = forks_around(6, 95.0);
  const RatioInterval s = bootstrap_ratio(base, next);
  EXPECT_DOUBLE_EQ(s.estimate, mean_of_fork_means(next) / mean_of_fork_means(base));
  EXPECT_LT(s.low, s.estimate);
  EXPECT_GT(s.high, s.estimate);
  EXPECT_EQ(s.resamples, 2000u);
}

TEST(BootstrapRatio, ConstantDataAndThePValueFloor) {
  const RatioInterval twice = bootstrap_ratio({{5, 5}, {5}}, {{10}, {10, 10, 10}}, 400);
  EXPECT_EQ(twice.estimate, 2.0);
  EXPECT_EQ(twice.low, 2.0);
  EXPECT_EQ(twice.high, 2.0);
  EXPECT_EQ(twice.p_value, 1.0 / 400.0);  // every replicate on one side: the floor 1/B
  const RatioInterval same = bootstrap_ratio({{5, 5}, {5}}, {{5}, {5}}, 400);
  EXPECT_EQ(same.low, 1.0);
  EXPECT_EQ(same.p_value, 1.0);  // ties count on both sides
}

TEST(BootstrapRatio, NotComputedForBadOptionsOrData) {
  const Forks base = forks_around(7, 100.0), next = forks_around(8, 100.0);
  const Forks one_fork = {{}, {1, 2, 3}};
  Forks with_nan = next;
  with_nan[3][2] = kNaN;
  for (const RatioInterval& r :
       {bootstrap_ratio(base, one_fork), bootstrap_ratio(one_fork, next),
        bootstrap_ratio(base, with_nan), bootstrap_ratio(base, next, 0),
        bootstrap_ratio(base, next, 100, 1.0), bootstrap_ratio(base, next, 100, kNaN)}) {
    EXPECT_EQ(r.resamples, 0u);
    if (!std::isnan(r.estimate)) {  // NaN for the side holding a NaN
      EXPECT_EQ(r.low, r.estimate);
      EXPECT_EQ(r.high, r.estimate);
    }
    EXPECT_TRUE(std::isnan(r.p_value));
  }
  EXPECT_NEAR(bootstrap_ratio(base, one_fork).estimate, 2.0 / mean_of_fork_means(base), 1e-15);
  EXPECT_TRUE(std::isnan(bootstrap_ratio(Forks{}, next).estimate));
}

TEST(BootstrapRatio, DenominatorCrossingZeroIsUnbounded) {
  // Base fork means -1, 1 and 0.5: grand mean 1/6, but replicates reach both signs.
  const RatioInterval r = bootstrap_ratio({{-1}, {1}, {0.5}}, {{2}, {3}}, 500);
  EXPECT_NEAR(r.estimate, 15.0, 1e-12);
  EXPECT_FALSE(r.bounded);
  EXPECT_EQ(r.low, -kInf);
  EXPECT_EQ(r.high, kInf);
  EXPECT_EQ(r.resamples, 500u);
  EXPECT_GE(r.p_value, 1.0 / 500.0);  // the difference test still stands
  EXPECT_LE(r.p_value, 1.0);
}

// Two-level data as in coverage_test.cpp: 10 forks x 20 samples, fork SD 3, sample SD 5.
// Measured separately (4,000 experiments per run, other seeds, B = 200 to 500): coverage
// 93.0-93.7%, A/A rejections 5.7-6.5%. The percentile bootstrap over 10 forks uses
// normal-like quantiles where about 18 df of Student's t would be due, hence a little
// below 95% and above 5%. One replicate costs some 4 microseconds (2 x 210 draws), which
// sets the experiment counts below.
Forks experiment_side(std::mt19937_64& rng, double mean) {
  return testing::hierarchical_sample(rng, 10, 20, mean, 3.0, 5.0);
}

TEST(BootstrapRatio, CoverageOfATrueRatio) {
  TARE_SIMULATION_OF_RATES();
  // 400 experiments x 300 resamples: the rate has an SD of 1.2%, so 88% is over 4 SD below
  // the expected 93.4%.
  std::mt19937_64 rng(2031);
  constexpr int kExperiments = 400;
  int covered = 0;
  for (int e = 0; e < kExperiments; ++e) {
    const Forks base = experiment_side(rng, 100.0), next = experiment_side(rng, 101.0);
    const RatioInterval r =
        bootstrap_ratio(base, next, 300, 0.95, static_cast<std::uint64_t>(e) + 1);
    ASSERT_EQ(r.resamples, 300u);
    if (covers(r, 1.01)) ++covered;
    // The interval and the p-value are read off the same replicates.
    if (!covers(r, 1.0)) {
      EXPECT_LE(r.p_value, 0.05);
    }
  }
  const double rate = covered / static_cast<double>(kExperiments);
  tare::test::report_observed("bootstrap 95% CI of 101/100, 10 x 20 v 10 x 20", rate);
  EXPECT_GE(rate, 0.88);
  EXPECT_LE(rate, 0.98);
}

TEST(BootstrapRatio, AToAFalsePositives) {
  TARE_SIMULATION_OF_RATES();
  // Same distribution on both sides. 500 experiments x 200 resamples (enough for a tail of
  // 2.5%): the rate has an SD of 1.1% around the expected 6%, so 10% is over 3.5 SD above
  // it and 2% as far below.
  std::mt19937_64 rng(2032);
  constexpr int kExperiments = 500;
  int flagged = 0;
  for (int e = 0; e < kExperiments; ++e) {
    const Forks base = experiment_side(rng, 100.0), next = experiment_side(rng, 100.0);
    const RatioInterval r =
        bootstrap_ratio(base, next, 200, 0.95, static_cast<std::uint64_t>(e) + 1);
    if (r.p_value < 0.05) ++flagged;
  }
  const double rate = flagged / static_cast<double>(kExperiments);
  tare::test::report_observed("bootstrap A/A p < 0.05, 10 x 20 v 10 x 20", rate);
  EXPECT_LE(rate, 0.10);
  EXPECT_GE(rate, 0.02);
}

TEST(BootstrapRatio, PlantedFivePercentIsDetected) {
  // Fork SD 1, sample SD 2: the difference of the means has an SD of about 0.5, so 5 is
  // some 10 SDs away and every experiment should flag it.
  std::mt19937_64 rng(2033);
  constexpr int kExperiments = 50;
  int detected = 0;
  for (int e = 0; e < kExperiments; ++e) {
    const Forks base = testing::hierarchical_sample(rng, 10, 20, 100.0, 1.0, 2.0);
    const Forks next = testing::hierarchical_sample(rng, 10, 20, 105.0, 1.0, 2.0);
    const RatioInterval r =
        bootstrap_ratio(base, next, 200, 0.95, static_cast<std::uint64_t>(e) + 1);
    if (r.p_value < 0.05 && r.low > 1.0) ++detected;
  }
  const double rate = detected / static_cast<double>(kExperiments);
  tare::test::report_observed("bootstrap detects a planted 5% slow-down", rate);
  EXPECT_GE(rate, 0.98);
}

// ---- Geometric mean over a suite -------------------------------------------------------------

TEST(GeomeanRatio, ThreeKnownRatios) {
  std::mt19937_64 rng(41);
  std::vector<Comparison> suite;
  for (double ratio : {1.1, 1.0, 0.9}) {
    Comparison c;
    c.base = testing::hierarchical_sample(rng, 10, 20, 100.0, 0.5, 1.0);
    c.candidate = testing::hierarchical_sample(rng, 10, 20, 100.0 * ratio, 0.5, 1.0);
    suite.push_back(c);
  }
  const double truth = std::cbrt(1.1 * 1.0 * 0.9);
  const RatioInterval r = geomean_ratio(suite, 1000);
  EXPECT_EQ(r.resamples, 1000u);
  EXPECT_TRUE(r.bounded);
  EXPECT_NEAR(r.estimate, truth, 0.003);
  EXPECT_TRUE(covers(r, truth)) << r.low << ' ' << r.high;
  EXPECT_LT(r.high - r.low, 0.01);

  double log_sum = 0.0;
  for (const Comparison& c : suite) {
    log_sum += std::log(mean_of_fork_means(c.candidate) / mean_of_fork_means(c.base));
  }
  EXPECT_NEAR(r.estimate, std::exp(log_sum / 3.0), 1e-14);
}

TEST(GeomeanRatio, OneComparisonIsTheBootstrapRatio) {
  Comparison c;
  c.base = forks_around(9, 100.0);
  c.candidate = forks_around(10, 102.0);
  c.block_length = 3;
  const RatioInterval g = geomean_ratio({c}, 500, 0.9, 5);
  const RatioInterval r = bootstrap_ratio(c.base, c.candidate, 500, 0.9, 5, 3);
  EXPECT_NEAR(g.estimate, r.estimate, 1e-14);
  EXPECT_NEAR(g.low, r.low, 1e-14);
  EXPECT_NEAR(g.high, r.high, 1e-14);
  EXPECT_EQ(g.p_value, r.p_value);
  EXPECT_EQ(g.level, 0.9);
}

TEST(GeomeanRatio, ASpeedUpAndTheSameSlowDownCancel) {
  Comparison faster;
  faster.base = forks_around(11, 100.0);
  faster.candidate = forks_around(12, 80.0);
  Comparison slower;
  slower.base = faster.candidate;
  slower.candidate = faster.base;
  const RatioInterval r = geomean_ratio({faster, slower}, 500);
  EXPECT_NEAR(r.estimate, 1.0, 1e-14);
  EXPECT_LT(r.low, 1.0);
  EXPECT_GT(r.high, 1.0);
}

TEST(GeomeanRatio, UndefinedOrNotComputed) {
  EXPECT_TRUE(std::isnan(geomean_ratio({}).estimate));
  Comparison negative;
  negative.base = {{1}, {2}};
  negative.candidate = {{-1}, {-2}};
  EXPECT_TRUE(std::isnan(geomean_ratio({negative}).estimate));
  Comparison one_fork;
  one_fork.base = {{1, 2}};
  one_fork.candidate = {{2}, {4}};
  const RatioInterval r = geomean_ratio({one_fork}, 100);
  EXPECT_EQ(r.resamples, 0u);
  EXPECT_NEAR(r.estimate, 2.0, 1e-15);
  EXPECT_TRUE(std::isnan(r.p_value));
  Comparison ok;
  ok.base = {{1}, {2}};
  ok.candidate = {{2}, {4}};
  EXPECT_EQ(geomean_ratio({ok}, 0).resamples, 0u);
  EXPECT_EQ(geomean_ratio({ok}, 100).resamples, 100u);
}

}  // namespace
}  // namespace tare::stats
