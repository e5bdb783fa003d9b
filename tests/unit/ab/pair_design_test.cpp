// The simulation check of tare ab's sequential design, the whole stopping rule on
// synthetic pair log-ratios with known truth: pairs are added look by look until the
// answer is known (or the looks run out), then the verdict is read. Identical builds must
// name a direction in at most 5% of experiments, intervals must cover the truth at the
// stop 95% of the time, and a planted 1% difference must be called; the same rule with a
// fixed 95% interval at every look names directions far more often than 5%.
#include "ab/pair_design.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "compare/ratio_verdict.hpp"
#include "stats/ratio.hpp"
#include "support/full_scale.hpp"

namespace tare::ab {
namespace {

constexpr double kBand = 0.01;

struct Outcome {
  int slower = 0, faster = 0, covered = 0, within = 0;
  double mean_pairs = 0;
  int useful_size = 0;  ///< experiments whose interval at the stop knows the size (size_known)
};

// Pair log-ratios: normal with `sd`, and with probability `wild` a pair whose spread is 5
// times larger (a neighbour that hit one side harder than the other).
Outcome simulate(const PairDesign& design, double truth, double sd, double wild, int experiments, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::bernoulli_distribution is_wild(wild);
  Outcome outcome;
  for (int e = 0; e < experiments; ++e) {
    std::vector<double> logs;
    stats::RatioInterval r;
    for (const std::size_t look : design.looks) {
      while (logs.size() < look) logs.push_back(std::log(truth) + noise(rng) * sd * (is_wild(rng) ? 5 : 1));
      r = stats::paired_ratio(logs, design.look_level);
      if (compare::answer_known({r.estimate, r.low, r.high}, kBand)) break;
    }
    const compare::Verdict v = compare::judge({r.estimate, r.low, r.high}, kBand, true);
    outcome.slower += v.direction == compare::Direction::slower;
    outcome.faster += v.direction == compare::Direction::faster;
    outcome.within +=
        v.direction == compare::Direction::none && v.against_threshold == compare::AgainstThreshold::within;
    outcome.covered += r.low <= truth && truth <= r.high;
    outcome.useful_size += compare::size_known({r.estimate, r.low, r.high});
    outcome.mean_pairs += static_cast<double>(logs.size()) / experiments;
  }
  return outcome;
}

constexpr int kExperiments = 2000;
const double kMargin = 3 * std::sqrt(0.05 * 0.95 / kExperiments);  // three standard errors of a 5% rate

TEST(PairDesign, IdenticalBuildsNameADirectionAtMostOneTimeInTwentyUnderOptionalStopping) {
  TARE_SIMULATION_OF_RATES();
  const PairDesign design = sequential_design(120, 1);
  for (const double sd : {0.005, 0.02})  // quiet pairs decide in a few looks; noisy ones take many
    for (const double wild : {0.0, 0.05}) {
      const Outcome o = simulate(design, 1.0, sd, wild, kExperiments, 21);
      EXPECT_LT(o.slower + o.faster, kExperiments * (0.05 + kMargin)) << "sd " << sd << ", wild share " << wild;
      EXPECT_GT(o.covered, kExperiments * (0.95 - kMargin)) << "sd " << sd << ", wild share " << wild;
      // ... and most end with the answer "no difference beyond ±1%" (noisy pairs: within the 120 pairs, often).
      EXPECT_GT(o.within, kExperiments * (sd < 0.01 ? 0.9 : 0.5)) << "sd " << sd << ", wild share " << wild;
    }
}

TEST(PairDesign, APlantedOnePercentIsCalledSlowerAndTenPercentAtTheFirstLook) {
  const PairDesign design = sequential_design(120, 1);
  const Outcome one = simulate(design, 1.01, 0.005, 0.0, kExperiments, 22);
  EXPECT_GT(one.slower, kExperiments * 0.95);
  EXPECT_EQ(one.faster, 0);
  EXPECT_GT(one.covered, kExperiments * (0.95 - kMargin));
  const Outcome ten = simulate(design, 1.10, 0.005, 0.0, kExperiments, 23);
  EXPECT_EQ(ten.slower, kExperiments);
  // Nearly always decided at the first look; with 3 pairs the t quantile at the per-look
  // level is large, so now and then the size's interval is wider than ±5% there.
  EXPECT_LT(ten.mean_pairs, 3.5);
  EXPECT_EQ(ten.useful_size, kExperiments);
}

TEST(PairDesign, ALargeChangeInNoisyPairsGoesOnUntilItsSizeIsKnown) {
  // Pairs spread by 10%: a 30% slow-down is plain at the first look, its size is not (to
  // a quarter of the change, on the log scale: about ±6.8%).
  const PairDesign design = sequential_design(120, 1);
  const Outcome o = simulate(design, 1.30, 0.10, 0.0, kExperiments, 25);
  EXPECT_EQ(o.slower, kExperiments);
  EXPECT_EQ(o.useful_size, kExperiments);  // within the 120 pairs, always
  EXPECT_GT(o.mean_pairs, 10.0);
  EXPECT_GT(o.covered, kExperiments * (0.95 - kMargin));
}

TEST(PairDesign, SeveralBenchmarksShareTheErrorRate) {
  const PairDesign one = sequential_design(120, 1), four = sequential_design(120, 4);
  EXPECT_GT(four.look_level, one.look_level);
  EXPECT_EQ(fixed_design(40, 4).looks, std::vector<std::size_t>{40});
  EXPECT_DOUBLE_EQ(fixed_design(40, 4).look_level, 1 - 0.05 / 4);
}

TEST(PairDesign, AFixedNinetyFivePercentAtEveryLookWouldNameDirectionsFarTooOften) {
  PairDesign naive = sequential_design(120, 1);
  naive.look_level = 0.95;
  const Outcome o = simulate(naive, 1.0, 0.02, 0.0, kExperiments, 24);
  EXPECT_GT(o.slower + o.faster, kExperiments * 0.10) << o.slower + o.faster << " pairs " << o.mean_pairs;
}

TEST(PairDesign, TheBudgetStopsBeforeALookItCannotReach) {
  EXPECT_TRUE(next_look_fits(1.0, 4, 5, 2.0));    // 0.25 s a pair: 5 pairs take 1.25 s
  EXPECT_FALSE(next_look_fits(1.0, 4, 10, 2.0));  // 10 pairs would take 2.5 s
  EXPECT_TRUE(next_look_fits(0.0, 0, 3, 0.1));    // nothing run yet: the first look is always taken
}

}  // namespace
}  // namespace tare::ab
