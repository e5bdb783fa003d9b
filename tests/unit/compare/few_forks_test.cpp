// tare compare with few forks, on synthetic runs with known truth and fixed seeds: a ratio's
// interval is never narrower than the two sides' own t intervals allow (the percentile
// bootstrap over 3 forks was: it named directions that were not there), it covers the true
// ratio at its nominal rate with 3 forks a side and with 20, and a real 30% difference over
// many forks is still called.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "analysis/machine_speed.hpp"
#include "compare/compare.hpp"
#include "compare/fork_ratio.hpp"
#include "compare/gbench_json.hpp"
#include "stats/descriptive.hpp"
#include "stats/interval.hpp"
#include "stats/log_ratio_interval.hpp"
#include "support/full_scale.hpp"

using tare::compare::Direction;
using tare::results::Benchmark;
using tare::results::Fork;
using tare::results::Sample;
using Results = tare::results::Run;

// Its own namespace: in a unity build the compare tests share one translation unit.
namespace few_forks {
namespace {

constexpr int kExperiments = 2000;

// 3 standard errors of a 95% coverage rate estimated from n experiments: the band a rate
// that is truly 95% stays within, whatever the seed.
double three_sd(int n) { return 3 * std::sqrt(0.95 * 0.05 / n); }
// Bootstrap replicates in the simulations: half the default, which moves a percentile
// interval's coverage by far less than the simulations can see, for half their time.
constexpr std::size_t kResamples = 1000;

// `forks` forks of `samples` samples (1000 ops each): fork means lognormal around `per_op` ns
// with `between` relative SD (the process's luck), samples 1% apart within.
Benchmark forked(const std::string& name, double per_op, double between, int forks, std::mt19937_64& rng,
                 int samples = 10) {
  std::lognormal_distribution<double> luck(std::log(per_op), between);
  std::normal_distribution<double> noise(1.0, 0.01);
  Benchmark b;
  b.name = name;
  b.unit = "ns/op";
  double total = 0;
  for (int k = 0; k < forks; ++k) {
    Fork f;
    const double level = luck(rng);
    for (int i = 0; i < samples; ++i) {
      const double v = level * noise(rng);
      f.samples.push_back(Sample{1000, v * 1000, 0, {}});
      f.mean += v / samples;
    }
    total += f.mean;
    b.forks.push_back(f);
  }
  b.score = total / forks;
  return b;
}

std::vector<double> fork_means(const Benchmark& b) {
  std::vector<double> means;
  for (const auto& f : b.forks) means.push_back(f.mean);
  return means;
}

tare::stats::Comparison comparison_of(const Benchmark& base, const Benchmark& candidate) {
  tare::stats::Comparison c;
  for (const auto* side : {&base, &candidate})
    for (const auto& f : side->forks) {
      std::vector<double> values;
      for (const auto& s : f.samples) values.push_back(s.ns / s.ops);
      (side == &base ? c.base : c.candidate).push_back(values);
    }
  return c;
}

Results run_of(Benchmark b, double between_runs_sd = -1) {
  Results run;
  run.benchmarks.push_back(std::move(b));
  run.context.between_runs.relative_sd = between_runs_sd;
  return run;
}

// A side's own 95% interval as its run reported it: Student-t over its fork means and, with
// the machine's speed between runs known, widened by it (analysis/machine_speed). Its
// relative half-width.
double own_relative_half_width(const Benchmark& b, double between_runs_sd) {
  const auto ci = tare::stats::mean_interval(fork_means(b));
  if (between_runs_sd < 0) return ci.half_width / ci.mean;
  Benchmark with_ci = b;
  with_ci.ci = tare::results::Interval{0.95, ci.low, ci.high};
  tare::results::Context::BetweenRuns speed;
  speed.relative_sd = between_runs_sd;
  const auto across = tare::analysis::interval_across_runs(with_ci, speed);
  return (across->high - across->low) / 2 / *b.score;
}

// The same on the log scale, where the ratio's interval is made: the t interval of the log
// fork means, and the machine's speed at its normal 95% half-width, added in variance.
double own_log_half_width(const Benchmark& b, double between_runs_sd) {
  std::vector<double> logs;
  for (double m : fork_means(b)) logs.push_back(std::log(m));
  const double own = tare::stats::mean_interval(logs).half_width;
  return between_runs_sd < 0 ? own : std::hypot(own, 1.959963984540054 * between_runs_sd);
}

bool covers_one(const tare::stats::RatioInterval& r) { return r.low <= 1 && 1 <= r.high; }

// The user's case: a base run of 3 scored forks that tare itself reported as ±27.5%, against
// a build that does not touch the benchmark (fork means 12% apart on both sides). The
// bootstrap alone said 0.830 [0.744, 0.911], "faster by 8.9–26%", much as it told the user.
TEST(FewForks, TheRatioIsNeverNarrowerThanTheSidesOwnIntervalsAllow) {
  for (double between_runs_sd : {-1.0, 0.03}) {
    std::mt19937_64 rng(183);
    const Benchmark base = forked("lookup.std/size=1000000", 37.5, 0.12, 3, rng);
    const Benchmark candidate = forked("lookup.std/size=1000000", 37.5, 0.12, 3, rng);
    const auto report =
        tare::compare::compare_runs(run_of(base, between_runs_sd), run_of(candidate, between_runs_sd), {});
    const auto& r = report.rows.at(0).ratio;
    EXPECT_TRUE(covers_one(r)) << r.low << " " << r.high;
    EXPECT_EQ(report.rows[0].verdict.direction, Direction::none);

    // At least Welch's t interval on the log fork means, holding both runs' machine speed.
    const double sd = std::max(between_runs_sd, 0.0);
    const auto welch = tare::stats::log_ratio_interval(
        tare::stats::welch_log_ratio(tare::stats::log_side(fork_means(base)),
                                     tare::stats::log_side(fork_means(candidate))),
        2 * sd * sd);
    EXPECT_LE(r.low, welch.low);
    EXPECT_GE(r.high, welch.high);
    // At least either side's own interval, on the log scale exactly ...
    const double center = (std::log(welch.low) + std::log(welch.high)) / 2;
    for (const auto* side : {&base, &candidate}) {
      EXPECT_LE(std::log(r.low), center - own_log_half_width(*side, between_runs_sd) + 1e-12);
      EXPECT_GE(std::log(r.high), center + own_log_half_width(*side, between_runs_sd) - 1e-12);
    }
    // ... and as the runs reported theirs, to within the difference of the scales.
    const double own = std::max(own_relative_half_width(base, between_runs_sd),
                                own_relative_half_width(candidate, between_runs_sd));
    const double half = (std::log(r.high) - std::log(r.low)) / 2;
    EXPECT_GE(half, 0.95 * own) << half << " vs a side's own ±" << own;

    const auto c = comparison_of(base, candidate);
    const auto old = tare::stats::bootstrap_ratio(c.base, c.candidate, 2000, 0.95, 1);
    std::cout << "[ observed ] 3 vs 3 forks, 12% between forks, between-runs SD " << between_runs_sd
              << ": sides' own ±" << 100 * own_relative_half_width(base, between_runs_sd) << "% and ±"
              << 100 * own_relative_half_width(candidate, between_runs_sd) << "%; ratio " << r.estimate << " ["
              << r.low << ", " << r.high << "]; the bootstrap alone [" << old.low << ", " << old.high << "]\n";
  }
}

// A/A comparisons of 3 vs 3 forks, 10% between forks (lognormal): the interval covers the
// true ratio 1 at least 93% of the time (its rate's SD at 95% is 0.7% over 1,000; it errs
// wide, about 97.7%), and its p-value excludes "no change" exactly when the interval
// excludes 1. The bootstrap alone, on the same data, falls far below (about 82%). Then the
// same with the machine's speed drawn anew for each run (3% per run, as the speed history
// states it), which the interval folds in and which the bootstrap, widened by it, still
// leaves short (about 87%; 500 comparisons, SD 1%). Each comparison runs two bootstraps,
// the costliest experiments of this file: these counts still tell 93% from both rates by
// more than 3 SD.
TEST(FewForks, ThreeForksASideCoverTheTrueRatio) {
  TARE_SIMULATION_OF_RATES();
  for (const double machine_sd : {0.0, 0.03}) {
    std::mt19937_64 rng(2000);
    std::normal_distribution<double> log_speed(0.0, machine_sd > 0 ? machine_sd : 1.0);
    const auto machine = [&](std::mt19937_64& g) { return machine_sd > 0 ? std::exp(log_speed(g)) : 1.0; };
    const double variance = 2 * machine_sd * machine_sd;
    const int experiments = machine_sd > 0 ? kExperiments / 4 : kExperiments / 2;
    int covered = 0, bootstrap_covered = 0, p_disagrees = 0;
    for (int e = 0; e < experiments; ++e) {
      const Benchmark base = forked("a", 100 * machine(rng), 0.10, 3, rng);  // drawn before the other side
      const auto c = comparison_of(base, forked("a", 100 * machine(rng), 0.10, 3, rng));
      const auto r = tare::compare::fork_ratio(c, kResamples, e + 1, {variance / 2, variance / 2});
      const auto old = tare::stats::widen_ratio(
          tare::stats::bootstrap_ratio(c.base, c.candidate, kResamples, 0.95, e + 1), variance);
      covered += covers_one(r);
      bootstrap_covered += covers_one(old);
      p_disagrees += (r.p_value < 0.05) == covers_one(r);
    }
    const double rate = covered / static_cast<double>(experiments);
    const double old_rate = bootstrap_covered / static_cast<double>(experiments);
    std::cout << "[ observed ] A/A, 3 vs 3 forks, 10% between forks, the machine " << 100 * machine_sd
              << "% per run: coverage " << rate << " (the bootstrap alone " << old_rate << ") over " << experiments
              << " comparisons\n";
    EXPECT_GE(rate, 0.93);
    EXPECT_LT(old_rate, 0.93);  // the bar the interval clears, the bootstrap alone does not
    EXPECT_EQ(p_disagrees, 0);
  }
}

// Many forks: the two intervals agree, and their union stays honest, neither narrow nor much
// wider than 95% (1,000 experiments of 20 vs 20 forks of 4 samples: 3 SD of the rate are
// 2.1%; the union may add a little on the wide side).
TEST(FewForks, ManyForksKeepTheNominalCoverage) {
  TARE_SIMULATION_OF_RATES();
  std::mt19937_64 rng(20);
  const int experiments = kExperiments / 2;
  int covered = 0;
  double widening = 0;
  for (int e = 0; e < experiments; ++e) {
    const Benchmark base = forked("a", 100, 0.10, 20, rng, 4);  // drawn before the other side
    const auto c = comparison_of(base, forked("a", 100, 0.10, 20, rng, 4));
    const auto r = tare::compare::fork_ratio(c, kResamples, e + 1, {});
    const auto t = tare::stats::log_ratio_interval(tare::compare::fork_log_ratio(c));
    covered += covers_one(r);
    widening += std::log(r.high / r.low) / std::log(t.high / t.low) / experiments;
  }
  const double rate = covered / static_cast<double>(experiments);
  std::cout << "[ observed ] A/A, 20 vs 20 forks, 10% between forks: coverage " << rate
            << ", width over the t interval's alone " << widening << '\n';
  EXPECT_GE(rate, 0.95 - three_sd(experiments));
  EXPECT_LE(rate, 0.96 + three_sd(experiments));
  EXPECT_LT(widening, 1.05);
}

// A real 30% slow-down over 20 forks a side, 10% between forks, is called slower beyond the
// threshold, with the machine's speed between runs (2% per run) folded in too; so is its
// rate, inverted; and a p-value that agrees with the interval survives Holm's adjustment.
TEST(FewForks, ARealDifferenceOverManyForksIsStillCalled) {
  std::mt19937_64 rng(30);
  Results base = run_of(forked("slow", 100, 0.10, 20, rng), 0.02);
  Results candidate = run_of(forked("slow", 130, 0.10, 20, rng), 0.02);
  base.benchmarks.push_back(forked("same", 50, 0.10, 20, rng));
  candidate.benchmarks.push_back(forked("same", 50, 0.10, 20, rng));
  const auto report = tare::compare::compare_runs(base, candidate, {});
  const auto& slow = report.rows.at(0);
  EXPECT_EQ(slow.verdict.direction, Direction::slower) << slow.ratio.low << " " << slow.ratio.high;
  EXPECT_EQ(slow.verdict.against_threshold, tare::compare::AgainstThreshold::beyond);
  EXPECT_NEAR(slow.ratio.estimate, 1.3, 0.1);
  EXPECT_LT(slow.adjusted_p, 0.05);
  EXPECT_EQ(report.rows.at(1).verdict.direction, Direction::none);
  ASSERT_TRUE(report.geomean);
  EXPECT_THAT(report.method, ::testing::HasSubstr("Student-t interval of the difference of the sides' mean log"));
  EXPECT_THAT(report.method, ::testing::HasSubstr("2% per run"));
}

// The suite's geometric mean of rows with 3 forks each is held to the t interval too.
TEST(FewForks, TheGeometricMeanOfFewForksIsNotNarrowerThanItsTInterval) {
  std::mt19937_64 rng(5);
  Results base, candidate;
  for (const char* name : {"a", "b", "c"}) {
    base.benchmarks.push_back(forked(name, 100, 0.10, 3, rng));
    candidate.benchmarks.push_back(forked(name, 100, 0.10, 3, rng));
  }
  const auto report = tare::compare::compare_runs(base, candidate, {});
  std::vector<tare::stats::LogRatioEstimate> parts;
  for (std::size_t k = 0; k < 3; ++k)
    parts.push_back(tare::compare::fork_log_ratio(comparison_of(base.benchmarks[k], candidate.benchmarks[k])));
  const auto t = tare::stats::geomean_of_log_ratios(parts);
  ASSERT_TRUE(report.geomean);
  EXPECT_LE(report.geomean->low, t.low);
  EXPECT_GE(report.geomean->high, t.high);
}

// Google Benchmark's repetitions are forks of one sample: 3 of them a side get the same floor,
// and the method speaks of repetitions.
TEST(FewForks, ThreeGoogleBenchmarkRepetitionsASideGetTheSameFloor) {
  std::mt19937_64 rng(3);
  Results base = run_of(forked("BM_x", 100, 0.05, 3, rng, 1));
  Results candidate = run_of(forked("BM_x", 100, 0.05, 3, rng, 1));
  for (auto* run : {&base, &candidate}) run->context.warnings.push_back(tare::compare::kGbenchWarning);
  const auto report = tare::compare::compare_runs(base, candidate, {});
  const auto& r = report.rows.at(0).ratio;
  const auto t = tare::stats::sides_ratio_interval(tare::stats::log_side(fork_means(base.benchmarks[0])),
                                                   tare::stats::log_side(fork_means(candidate.benchmarks[0])));
  EXPECT_LE(r.low, t.low);
  EXPECT_GE(r.high, t.high);
  EXPECT_EQ(r.resamples, 2000u);
  EXPECT_THAT(report.method, ::testing::HasSubstr("bootstrap over the repetitions"));
  EXPECT_THAT(report.method, ::testing::HasSubstr("mean log repetitions"));
  EXPECT_THAT(report.method, ::testing::HasSubstr("never narrower than either side's own"));
  EXPECT_THAT(report.method, ::testing::Not(::testing::HasSubstr("fork")));
}

}  // namespace
}  // namespace few_forks
