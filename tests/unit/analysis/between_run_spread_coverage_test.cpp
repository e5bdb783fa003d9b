// Validation with known truth: the interval across runs learned from a benchmark's own
// history, on simulated series whose components are set here. Each run's log score is the
// true mean, plus the moment's effect (SD τ between runs, 0.2% to 5%), plus the error of the
// mean of its 5 forks (1% apart: SE 0.45%); the machine's speed between runs, the prior,
// states τ right, half or twice over (give or take its own 20 readings' sampling error).
// Fixed seeds; every band is at least 3.5 standard errors of the simulation wide around the
// rate the estimator should reach, so the checks do not hinge on seed luck. Simulations of
// rates: they run in the optimised build (support/full_scale.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/between_run_spread.hpp"
#include "analysis/machine_speed.hpp"
#include "stats/descriptive.hpp"
#include "stats/interval.hpp"
#include "support/full_scale.hpp"

namespace own_history_coverage {

using tare::analysis::between_run_spread;
using tare::results::PastScore;
using tare::results::SpreadSource;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kHour = 3600;
constexpr int kForks = 5;
constexpr double kTrueMean = 100;
constexpr double kForkSd = 0.01;

constexpr double kTaus[] = {0.002, 0.005, 0.01, 0.02, 0.05};
constexpr double kProxyFactors[] = {0.5, 1, 2};

// A benchmark's runs on one machine.
struct Truth {
  double tau = 0.01;          ///< SD between runs, log scale
  double proxy_factor = 1;    ///< the machine's speed between runs, as a multiple of τ
  double outlier_rate = 0;    ///< share of runs a disturbance slows by 10-30%
  double fork_sd = kForkSd;   ///< SD of a fork's mean around its run's, relative
};

struct SimulatedRun {
  tare::results::Benchmark benchmark;  // score and its t interval over forks
  PastScore past;
  bool outlying = false;
};

class Series {
 public:
  Series(const Truth& truth, std::uint64_t seed) : truth_(truth), rng_(seed) {}

  // A run at `time`, its machine `shift` (log) off the long-run level.
  SimulatedRun run(std::int64_t time, double shift = 0) {
    std::normal_distribution<double> moment(0, truth_.tau), fork(0, truth_.fork_sd);
    SimulatedRun r;
    double level = shift + moment(rng_);
    if (std::uniform_real_distribution<double>(0, 1)(rng_) < truth_.outlier_rate) {
      level += std::log(1 + std::uniform_real_distribution<double>(0.1, 0.3)(rng_));
      r.outlying = true;
    }
    std::vector<double> means;
    for (int f = 0; f < kForks; ++f) means.push_back(kTrueMean * std::exp(level + fork(rng_)));
    const auto ci = tare::stats::mean_interval(means);
    r.benchmark.score = ci.mean;
    r.benchmark.ci = tare::results::Interval{0.95, ci.low, ci.high};
    r.past = {time, ci.mean, tare::stats::stddev(means) / std::sqrt(double{kForks}), kForks};
    return r;
  }

  // The machine's speed history: 20 readings whose SD is proxy_factor × τ, give or take
  // their own sampling error (χ² with 19 degrees of freedom).
  tare::results::Context::BetweenRuns speed() {
    std::chi_squared_distribution<double> chi2(19);
    tare::results::Context::BetweenRuns s;
    s.runs = 20;
    s.relative_sd = std::expm1(truth_.proxy_factor * truth_.tau * std::sqrt(chi2(rng_) / 19));
    return s;
  }

  std::vector<PastScore> past(int runs) {
    std::vector<PastScore> scores;
    for (int i = 0; i < runs; ++i) scores.push_back(run(kNow - kHour * (runs - i)).past);
    return scores;
  }

 private:
  Truth truth_;
  std::mt19937_64 rng_;
};

// The SD of a run's score around the long-run mean: the moment's and the forks'.
double score_sd(const Truth& truth) {
  return std::sqrt(truth.tau * truth.tau + truth.fork_sd * truth.fork_sd / kForks);
}

bool covers(const tare::results::Interval& ci, double x) { return ci.low <= x && x <= ci.high; }

struct Coverage {
  int intervals = 0, covered = 0;
  std::vector<double> half_widths;  // relative to the score
  double rate() const { return static_cast<double>(covered) / intervals; }
  double median_half_width() const { return tare::stats::median(half_widths); }
  void add(const tare::results::Interval& ci, double score, double truth) {
    ++intervals;
    covered += covers(ci, truth);
    half_widths.push_back((ci.high - ci.low) / 2 / score);
  }
};

// The interval of a run after `past_runs` runs an hour apart, against the true long-run
// (geometric) mean; `sources` counts the sources that served.
Coverage next_run_coverage(const Truth& truth, int past_runs, int series, std::uint64_t seed,
                           std::vector<int>* sources = nullptr) {
  Coverage c;
  for (int s = 0; s < series; ++s) {
    Series sim(truth, seed * 1'000'003 + static_cast<std::uint64_t>(s));
    const std::vector<PastScore> past = sim.past(past_runs);
    const auto speed = sim.speed();
    const SimulatedRun current = sim.run(kNow);
    const auto spread = between_run_spread(past, kNow, speed);
    if (sources) ++(*sources)[static_cast<std::size_t>(spread->source)];
    c.add(*tare::analysis::interval_across_runs(current.benchmark, *spread), *current.benchmark.score, kTrueMean);
  }
  return c;
}

void report(const std::string& what, const Coverage& c, const Truth& truth) {
  std::cout << "[ observed ] " << what << ": coverage " << std::fixed << std::setprecision(3) << c.rate()
            << ", median half-width " << std::setprecision(2) << c.median_half_width() / score_sd(truth)
            << " x the SD of scores\n";
}

std::string cell(double factor, double tau, int k) {
  std::ostringstream s;
  s << "machine x" << factor << ", tau " << 100 * tau << "%, " << k << " past runs";
  return s.str();
}

// The claim: once five past runs exist, the next run's interval covers the true long-run
// mean about 95% of the time, whatever τ is and however wrong the machine's speed is about
// it (half or twice: the conflict check sets a wrong prior aside). 15 cells of 1,000 series
// per (machine, k): the pooled rate's SE is 0.31%, so 92-98% is a band of 9 SE around 95%,
// wide because a cell's true rate is not 95% exactly (the forks' own t interval over 4 df
// makes the small-τ cells conservative, 96-98%). Each cell alone (SE 0.69%) stays in 89.5-99%.
TEST(BetweenRunSpreadCoverage, TheNextRunCoversTheTrueMeanOnceFivePastRunsExist) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 1000;
  for (const double factor : kProxyFactors) {
    for (const int k : {5, 10, 20}) {
      int intervals = 0, covered = 0;
      for (const double tau : kTaus) {
        const Truth truth{tau, factor, 0};
        const Coverage c = next_run_coverage(truth, k, kSeries, static_cast<std::uint64_t>(k * 100 + tau * 1e4));
        report(cell(factor, tau, k), c, truth);
        intervals += c.intervals;
        covered += c.covered;
        EXPECT_GE(c.rate(), 0.895) << cell(factor, tau, k);
        EXPECT_LE(c.rate(), 0.99) << cell(factor, tau, k);
        // Widths not absurd where τ dominates: at most 2.5 × the SD of the scores from ten
        // runs on; at five, t(4)'s 2.78 × its SD estimate where the prior was set aside
        // (2.75 ×), and the machine's twice-too-wide prior where it was not yet (3.5 ×).
        const double widest = k > 5 ? 2.5 : factor == 2 ? 3.5 : 2.75;
        if (tau >= 0.02) {
          EXPECT_LE(c.median_half_width() / score_sd(truth), widest) << cell(factor, tau, k);
        }
      }
      const double pooled = static_cast<double>(covered) / intervals;
      std::cout << "[ observed ] machine x" << factor << ", " << k << " past runs, all tau: " << std::setprecision(3) << pooled << '\n';
      EXPECT_GE(pooled, 0.92);
      EXPECT_LE(pooled, 0.98);
    }
  }
}

// With 0-4 past runs the machine's speed serves alone, as before: right about a benchmark
// that moves with the machine, and as wrong as it is about one that moves more (twice:
// about 74% where τ dominates, the miss) or less (conservative).
TEST(BetweenRunSpreadCoverage, UnderFivePastRunsTheMachinesSpeedServesAndIsReported) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 1000;
  for (const double factor : kProxyFactors) {
    for (const int k : {0, 2, 4}) {
      int intervals = 0, covered = 0;
      for (const double tau : kTaus) {
        std::vector<int> sources(3, 0);
        const Truth truth{tau, factor, 0};
        const Coverage c = next_run_coverage(truth, k, kSeries, static_cast<std::uint64_t>(7 + k * 100 + tau * 1e4), &sources);
        report(cell(factor, tau, k), c, truth);
        EXPECT_EQ(sources[static_cast<std::size_t>(SpreadSource::machine_speed)], kSeries);
        intervals += c.intervals;
        covered += c.covered;
        if (factor == 0.5 && tau >= 0.02) {
          EXPECT_LT(c.rate(), 0.85) << cell(factor, tau, k);
        }
      }
      if (factor == 1) {
        const double pooled = static_cast<double>(covered) / intervals;
        EXPECT_GE(pooled, 0.92);
        EXPECT_LE(pooled, 0.98);
      }
    }
  }
}

// The criterion, as bench/coverage.sh measures it: 20 runs in a row after 5 that
// prime the history, each run's interval against the grand mean of the 20 scores. The 20
// intervals of one series share a history, so the rate's SE is taken over series (about
// 0.3% with 500 series); the band is 92-98% (10 SE around 95%; the grand mean, of which
// the run is one twentieth, lies closer to it than the true mean: 95.6% for an exact interval).
TEST(BetweenRunSpreadCoverage, TwentyRunsInARowCoverTheirGrandMean) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 500, kPrimed = 5, kRuns = 20;
  // Last, the Google Benchmark source: 0.64% between runs where the machine moved
  // 0.3%, and forks whose interval was half the SD of the scores.
  for (const Truth& truth : {Truth{0.01, 1, 0}, Truth{0.01, 0.5, 0}, Truth{0.01, 2, 0},
                             Truth{0.0064, 0.3 / 0.64, 0, 0.0025}}) {
    Coverage grand, true_mean, forks_only, speed_only;
    std::vector<double> per_series;
    for (int s = 0; s < kSeries; ++s) {
      Series sim(truth, 9000 + static_cast<std::uint64_t>(s));
      std::vector<PastScore> history = sim.past(kPrimed);
      const auto speed = sim.speed();
      std::vector<SimulatedRun> runs;
      std::vector<tare::results::Interval> intervals;
      for (int r = 0; r < kRuns; ++r) {
        const std::int64_t time = kNow + kHour * r;
        runs.push_back(sim.run(time));
        intervals.push_back(*tare::analysis::interval_across_runs(runs.back().benchmark,
                                                                  *between_run_spread(history, time, speed)));
        history.push_back(runs.back().past);
      }
      double grand_mean = 0;
      for (const SimulatedRun& r : runs) grand_mean += *r.benchmark.score / kRuns;
      const int before = grand.covered;
      for (int r = 0; r < kRuns; ++r) {
        const double score = *runs[static_cast<std::size_t>(r)].benchmark.score;
        grand.add(intervals[static_cast<std::size_t>(r)], score, grand_mean);
        true_mean.add(intervals[static_cast<std::size_t>(r)], score, kTrueMean);
        forks_only.add(*runs[static_cast<std::size_t>(r)].benchmark.ci, score, grand_mean);
        speed_only.add(*tare::analysis::interval_across_runs(runs[static_cast<std::size_t>(r)].benchmark, speed), score,
                       grand_mean);
      }
      per_series.push_back(static_cast<double>(grand.covered - before) / kRuns);
    }
    const std::string what = cell(truth.proxy_factor, truth.tau, 5) + "+, 20 in a row";
    report(what + ", grand mean", grand, truth);
    report(what + ", true mean", true_mean, truth);
    report(what + ", over forks alone, grand mean", forks_only, truth);
    report(what + ", the machine's speed alone, grand mean", speed_only, truth);
    const double se = tare::stats::stddev(per_series) / std::sqrt(double{kSeries});
    EXPECT_LT(3.5 * se, 0.03) << what;  // the band holds at least 3.5 SE on either side
    EXPECT_GE(grand.rate(), 0.92) << what;
    EXPECT_LE(grand.rate(), 0.98) << what;
    EXPECT_GE(true_mean.rate(), 0.92) << what;
    EXPECT_LT(forks_only.rate(), 0.85) << what;  // what the intervals over forks alone cover
    if (truth.proxy_factor < 1) {
      EXPECT_LT(speed_only.rate(), 0.9) << what;  // and the machine's speed alone, where it understates
    }
    EXPECT_LE(grand.median_half_width() / score_sd(truth), 2.5) << what;
  }
}

// The estimate of τ approaches the truth as runs accumulate (up to the window's 20), from
// a prior that states it right or twice over: its median within 8% of τ at 20 runs, and its
// spread (the 10th to 90th percentile of estimate / τ) narrowing with every doubling.
TEST(BetweenRunSpreadCoverage, TheEstimateApproachesTheTruthAsRunsAccumulate) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 1000;
  const double tau = 0.02;
  for (const double factor : {1.0, 2.0}) {
    double last_spread = 1e9;
    for (const int k : {5, 10, 20}) {
      std::vector<double> ratios;
      for (int s = 0; s < kSeries; ++s) {
        Series sim({tau, factor, 0}, 50'000 + static_cast<std::uint64_t>(k * kSeries + s));
        const auto past = sim.past(k);
        ratios.push_back(std::log1p(between_run_spread(past, kNow, sim.speed())->between_run_sd) / tau);
      }
      const double median = tare::stats::median(ratios);
      const double spread = tare::stats::quantile(ratios, 0.9) - tare::stats::quantile(ratios, 0.1);
      std::cout << "[ observed ] machine x" << factor << ", " << k << " past runs: estimate / tau median " << median
                << ", 10-90% range " << spread << '\n';
      EXPECT_LT(spread, last_spread) << k;
      last_spread = spread;
      if (k == 20) {
        EXPECT_NEAR(median, 1, 0.08) << factor;
        EXPECT_LT(spread, 0.6) << factor;
      }
    }
  }
}

// One past run slowed 20% (beside busy neighbours) among runs 0.5% apart: the test sets it
// aside, and the estimate is the one the other runs give, in all but the test's 1% (and a
// few more at five runs, where one of five is harder to tell). Counted, it would make the
// spread several times what it is.
TEST(BetweenRunSpreadCoverage, AnOutlyingPastRunDoesNotBlowTheEstimateUp) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 1000;
  const double tau = 0.005;
  for (const int k : {5, 10, 20}) {
    int unmoved = 0;
    std::vector<double> estimates, counted;
    for (int s = 0; s < kSeries; ++s) {
      Series sim({tau, 1, 0}, 70'000 + static_cast<std::uint64_t>(k * kSeries + s));
      std::vector<PastScore> past = sim.past(k);
      // What the others alone give: their log scores' variance less their mean SE².
      std::vector<double> others;
      double within = 0;
      for (int i = 0; i < k; ++i) {
        if (i == s % k) continue;
        const PastScore& p = past[static_cast<std::size_t>(i)];
        others.push_back(std::log(p.score));
        within += std::pow(p.standard_error / p.score, 2) / (k - 1);
      }
      const double expected = std::expm1(std::sqrt(std::max(0.0, tare::stats::variance(others) - within)));
      past[static_cast<std::size_t>(s % k)].score *= 1.2;
      const auto with = between_run_spread(past, kNow, {});
      unmoved += with->set_aside == 1 && std::abs(with->between_run_sd - expected) < 1e-12;
      estimates.push_back(std::log1p(with->between_run_sd) / tau);
      std::vector<double> logs;
      for (const PastScore& p : past) logs.push_back(std::log(p.score));
      counted.push_back(tare::stats::stddev(logs) / tau);
    }
    const double rate = static_cast<double>(unmoved) / kSeries;
    std::cout << "[ observed ] " << k << " past runs, one 20% off: set aside in " << rate
              << " of series; estimate / tau: median " << tare::stats::median(estimates) << ", 90th percentile "
              << tare::stats::quantile(estimates, 0.9) << " (counted: median " << tare::stats::median(counted) << ")\n";
    EXPECT_GE(rate, 0.97) << k;
    EXPECT_LT(tare::stats::quantile(estimates, 0.9), 2) << k;
    EXPECT_GT(tare::stats::median(counted), 8) << k;  // what it would have been
  }
}

// Disturbed runs now and then (5% of runs slowed 10-30%, the current one too): the runs
// that were not disturbed are still covered about 95% of the time.
TEST(BetweenRunSpreadCoverage, OccasionalDisturbedRunsLeaveTheOthersCovered) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 2000;
  for (const int k : {5, 10, 20}) {
    Coverage clean;
    for (int s = 0; s < kSeries; ++s) {
      Series sim({0.01, 1, 0.05}, 90'000 + static_cast<std::uint64_t>(k * kSeries + s));
      const auto past = sim.past(k);
      const auto speed = sim.speed();
      const SimulatedRun current = sim.run(kNow);
      if (current.outlying) continue;
      const auto spread = between_run_spread(past, kNow, speed);
      clean.add(*tare::analysis::interval_across_runs(current.benchmark, *spread), *current.benchmark.score, kTrueMean);
    }
    report(std::to_string(k) + " past runs, 5% disturbed", clean, Truth{0.01, 1, 0.05});
    EXPECT_GE(clean.rate(), 0.92) << k;
    EXPECT_LE(clean.rate(), 0.985) << k;
    EXPECT_LE(clean.median_half_width() / score_sd(Truth{0.01, 1, 0.05}), k > 5 ? 2.5 : 2.75) << k;
  }
}

// The machine's speed steps 4% slower and stays there: the runs whose window holds the step
// get wider intervals (their spread includes it), still covering the level they ran at; once
// the window has passed it (20 runs), the intervals are as narrow as before the step.
TEST(BetweenRunSpreadCoverage, ASpeedStepWidensTheIntervalsUntilItLeavesTheWindow) {
  TARE_SIMULATION_OF_RATES();
  constexpr int kSeries = 300, kRuns = 60, kStep = 30;
  const double step = std::log(1.04), tau = 0.005;
  Coverage before, straddling, after;
  for (int s = 0; s < kSeries; ++s) {
    Series sim({tau, 1, 0}, 110'000 + static_cast<std::uint64_t>(s));
    const auto speed = sim.speed();
    std::vector<PastScore> history;
    for (int r = 0; r < kRuns; ++r) {
      const std::int64_t time = kNow + kHour * r;
      const double shift = r >= kStep ? step : 0;
      const SimulatedRun run = sim.run(time, shift);
      // Skipped: the step's first runs, whose window lies mostly before it.
      if (r >= 20 && !(r >= kStep && r < kStep + 6)) {
        const auto ci = *tare::analysis::interval_across_runs(run.benchmark, *between_run_spread(history, time, speed));
        Coverage& part = r < kStep ? before : r < kStep + 20 ? straddling : after;
        part.add(ci, *run.benchmark.score, kTrueMean * std::exp(shift));
      }
      history.push_back(run.past);
    }
  }
  report("before the step", before, Truth{tau, 1, 0});
  report("window across the step", straddling, Truth{tau, 1, 0});
  report("window past the step", after, Truth{tau, 1, 0});
  EXPECT_GT(straddling.median_half_width(), 1.5 * before.median_half_width());
  EXPECT_LT(after.median_half_width(), 1.25 * before.median_half_width());
  EXPECT_GE(straddling.rate(), 0.95);
  EXPECT_GE(after.rate(), 0.92);
}

}  // namespace own_history_coverage
