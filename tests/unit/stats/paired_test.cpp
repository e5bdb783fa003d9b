// The paired design of `tare ab` against known truth: its interval, its false-positive rate,
// its power against a planted 1% effect as the design predicts, and why pairing matters:
// under machine drift plus a step, interleaved pairs keep their error rate while a
// sequential design (every base process first, then every candidate) does not.
#include <gtest/gtest.h>

#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "stats/ratio.hpp"

namespace tare::stats {
namespace {

constexpr int kPairs = 10;
constexpr int kSamples = 20;      // per side per pair
constexpr double kProcess = 0.03; // per-process speed luck (layout): 3% SD
constexpr double kNoise = 0.01;   // sample-to-sample noise: 1% SD

// The machine's speed at time t in [0, 1) of the experiment: 5% linear drift and a 3%
// step halfway (what shared machines do over minutes).
double machine(double t) { return 1.0 + 0.05 * t + (t >= 0.5 ? 0.03 : 0.0); }

struct Side {
  std::vector<double> samples;
  double mean() const {
    double s = 0;
    for (double x : samples) s += x;
    return s / static_cast<double>(samples.size());
  }
};

// One process of a build costing `cost`, sampled at the given times.
Side process(std::mt19937_64& rng, double cost, const std::vector<double>& times) {
  std::normal_distribution<double> luck(1.0, kProcess), noise(1.0, kNoise);
  const double process_factor = luck(rng);
  Side side;
  for (double t : times) side.samples.push_back(cost * process_factor * machine(t) * noise(rng));
  return side;
}

// Interleaved: pair p occupies the p-th slice of the experiment; inside it the two
// processes take their samples alternately, A B B A, at (nearly) the same moments.
std::vector<double> pair_log_ratios(std::mt19937_64& rng, double base_cost, double candidate_cost) {
  std::vector<double> logs;
  for (int p = 0; p < kPairs; ++p) {
    std::vector<double> ta, tb;
    for (int i = 0; i < 2 * kSamples; ++i) {
      const double t = (p + (i + 0.5) / (2.0 * kSamples)) / kPairs;
      const bool a_first = (i / 2) % 2 == 0;
      ((i % 2 == 0) == a_first ? ta : tb).push_back(t);
    }
    const Side a = process(rng, base_cost, ta), b = process(rng, candidate_cost, tb);
    logs.push_back(std::log(b.mean() / a.mean()));
  }
  return logs;
}

// Sequential: all base processes in the first half of the experiment, then all candidates.
RatioInterval sequential(std::mt19937_64& rng, double base_cost, double candidate_cost) {
  std::vector<double> a_means, b_means;
  for (int p = 0; p < kPairs; ++p) {
    for (int side = 0; side < 2; ++side) {
      std::vector<double> times;
      const double start = (side * kPairs + p) / (2.0 * kPairs);
      for (int i = 0; i < kSamples; ++i) times.push_back(start + (i + 0.5) / (2.0 * kPairs * kSamples));
      (side == 0 ? a_means : b_means).push_back(process(rng, side == 0 ? base_cost : candidate_cost, times).mean());
    }
  }
  return fieller_ratio(a_means, b_means);
}

bool excludes_one(const RatioInterval& r) { return r.low > 1.0 || r.high < 1.0; }

TEST(PairedRatio, HandComputedInterval) {
  const std::vector<double> logs = {0.01, 0.02, 0.03};  // mean 0.02, sd 0.01
  const RatioInterval r = paired_ratio(logs);
  const double t = 4.302652729911275;  // t(0.975, 2)
  EXPECT_NEAR(r.estimate, std::exp(0.02), 1e-12);
  EXPECT_NEAR(r.low, std::exp(0.02 - t * 0.01 / std::sqrt(3.0)), 1e-9);
  EXPECT_NEAR(r.high, std::exp(0.02 + t * 0.01 / std::sqrt(3.0)), 1e-9);
  // t = 0.02 / (0.01 / sqrt 3) = 3.4641 with 2 df: two-sided p = 1 - t / sqrt(t^2 + 2).
  EXPECT_NEAR(r.p_value, 1 - 3.4641016 / std::sqrt(3.4641016 * 3.4641016 + 2), 1e-6);
  EXPECT_TRUE(std::isnan(paired_ratio(std::vector<double>{0.1}).estimate));
  EXPECT_EQ(paired_ratio(std::vector<double>{0.0, 0.0}).p_value, 1.0);
}

TEST(PairedDesign, IdenticalBuildsAreCalledDifferentAtTheNominalRate) {
  std::mt19937_64 rng(1);
  int flagged = 0;
  constexpr int kExperiments = 2000;
  for (int e = 0; e < kExperiments; ++e) flagged += excludes_one(paired_ratio(pair_log_ratios(rng, 100, 100)));
  const double rate = static_cast<double>(flagged) / kExperiments;
  std::printf("A/A false-positive rate of the paired design: %.3f\n", rate);
  EXPECT_GE(rate, 0.03);
  EXPECT_LE(rate, 0.07) << "A/A false positives: " << rate;
}

TEST(PairedDesign, APlantedOnePercentIsFoundAsOftenAsTheDesignPredicts) {
  // Predicted power of the two-sided t-test on pair log-ratios: noncentral t with
  // delta = ln(1.01) / (sd / sqrt(pairs)), sd of a pair's log-ratio from the model.
  const double sd = std::sqrt(2 * (kProcess * kProcess + kNoise * kNoise / kSamples));
  const double delta = std::log(1.01) / (sd / std::sqrt(double(kPairs)));
  const double t = boost::math::quantile(boost::math::students_t(kPairs - 1), 0.975);
  const boost::math::non_central_t nct(kPairs - 1, delta);
  const double predicted = boost::math::cdf(boost::math::complement(nct, t)) + boost::math::cdf(nct, -t);

  std::mt19937_64 rng(2);
  int found = 0;
  constexpr int kExperiments = 2000;
  for (int e = 0; e < kExperiments; ++e) {
    const RatioInterval r = paired_ratio(pair_log_ratios(rng, 100, 101));
    found += r.low > 1.0;
  }
  const double rate = static_cast<double>(found) / kExperiments;
  std::printf("1%% effect found: %.3f of experiments, predicted %.3f\n", rate, predicted);
  // Within 4 standard errors of the prediction.
  EXPECT_NEAR(rate, predicted, 4 * std::sqrt(predicted * (1 - predicted) / kExperiments))
      << "observed " << rate << ", predicted " << predicted;
}

TEST(PairedDesign, DriftAndAStepBreakTheSequentialDesignButNotThePairs) {
  std::mt19937_64 rng(3);
  int paired_flags = 0, sequential_flags = 0;
  constexpr int kExperiments = 1000;
  for (int e = 0; e < kExperiments; ++e) {
    paired_flags += excludes_one(paired_ratio(pair_log_ratios(rng, 100, 100)));
    sequential_flags += excludes_one(sequential(rng, 100, 100));
  }
  const double paired = static_cast<double>(paired_flags) / kExperiments;
  const double seq = static_cast<double>(sequential_flags) / kExperiments;
  std::printf("A/A false positives under drift + step: paired %.3f, sequential %.3f\n", paired, seq);
  EXPECT_LE(paired, 0.07) << "interleaved A/A false positives: " << paired;
  // AAA...BBB: B runs after the step and later in the drift, ~5.5% slower on average.
  EXPECT_GE(seq, 0.5) << "sequential A/A false positives: " << seq;
}

}  // namespace
}  // namespace tare::stats
