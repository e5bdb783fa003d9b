// Repeated confidence intervals against known truth: Pocock's constants for equally spaced
// looks, simultaneous coverage under optional stopping, and the failure they prevent (a
// 95% t-interval looked at after every few observations misses far more often than 5%).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "stats/ratio.hpp"
#include "stats/sequential.hpp"
#include "support/full_scale.hpp"

namespace tare::stats {
namespace {

TEST(LookSchedule, GrowsGeometricallyFromTheFirstLookAndEndsAtTheMost) {
  EXPECT_EQ(look_schedule(3, 20), (std::vector<std::size_t>{3, 4, 5, 6, 8, 10, 13, 16, 20}));
  EXPECT_EQ(look_schedule(2, 2), (std::vector<std::size_t>{2}));
  EXPECT_TRUE(look_schedule(5, 4).empty());
  EXPECT_TRUE(look_schedule(1, 10).empty());  // one observation has no spread
  const auto looks = look_schedule(3, 120);
  for (std::size_t i = 1; i < looks.size(); ++i) EXPECT_GT(looks[i], looks[i - 1]);
  EXPECT_EQ(looks.back(), 120u);
}

TEST(RepeatedIntervals, OneLookIsAnOrdinaryInterval) {
  EXPECT_DOUBLE_EQ(repeated_interval_alpha({10}, 0.05), 0.05);
  EXPECT_TRUE(std::isnan(repeated_interval_alpha({}, 0.05)));
  EXPECT_TRUE(std::isnan(repeated_interval_alpha({5, 10}, 1.5)));
}

// Pocock (1977): with K equally spaced looks at large samples, a two-sided test at overall
// 5% uses the constant critical value 2.178 (K = 2) and 2.413 (K = 5), i.e. per-look
// levels 2(1 - Phi(c)) = 0.0294 and 0.0158.
TEST(RepeatedIntervals, ReproducePococksConstantsForEquallySpacedLooks) {
  EXPECT_NEAR(repeated_interval_alpha({300, 600}, 0.05, 20000, 7), 0.0294, 0.002);
  EXPECT_NEAR(repeated_interval_alpha({100, 200, 300, 400, 500}, 0.05, 20000, 7), 0.0158, 0.0015);
}

// Small samples: the t quantiles at few observations are what make the early looks safe.
// An experiment stops at the first look whose interval excludes the true mean or a look
// whose interval is narrow (a stand-in for "the answer is known"); the share that ever
// misses the mean must be about alpha, while the same looks at a fixed 95% miss far more.
double miss_rate(const std::vector<std::size_t>& looks, double level, int experiments, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  int missed = 0;
  for (int e = 0; e < experiments; ++e) {
    std::vector<double> x;
    for (const std::size_t look : looks) {
      while (x.size() < look) x.push_back(noise(rng) * 0.01);  // log-ratios, true mean 0
      const RatioInterval r = paired_ratio(x, level);
      if (r.low > 1 || r.high < 1) {
        ++missed;
        break;
      }
      if (r.high / r.low < 1.004) break;  // narrow: stopped with the answer
    }
  }
  return static_cast<double>(missed) / experiments;
}

TEST(RepeatedIntervals, KeepTheirCoverageUnderOptionalStoppingWhereAFixedLevelDoesNot) {
  TARE_SIMULATION_OF_RATES();
  const auto looks = look_schedule(3, 120);
  const double per_look = repeated_interval_alpha(looks, 0.05);
  EXPECT_LT(per_look, 0.05 / 2);  // about 18 looks cost a factor of several
  EXPECT_GT(per_look, 0.05 / static_cast<double>(looks.size()));  // less than Bonferroni's
  const double repeated = miss_rate(looks, 1 - per_look, 4000, 11);
  const double naive = miss_rate(looks, 0.95, 4000, 11);
  EXPECT_LT(repeated, 0.05 + 3 * std::sqrt(0.05 * 0.95 / 4000));
  EXPECT_GT(repeated, 0.02);   // not wastefully conservative either
  EXPECT_GT(naive, 0.15);      // the failure the design prevents
}

}  // namespace
}  // namespace tare::stats
