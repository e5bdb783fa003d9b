#include "analysis/between_run_spread.hpp"

#include <algorithm>
#include <cmath>

#include "stats/descriptive.hpp"
#include "stats/interval.hpp"

namespace tare::analysis {
namespace {

// One past run on the log scale, where a machine 2% slower makes every benchmark 2% slower
// whatever its score: the log score and its within-run variance (relative SE squared).
struct LogScore {
  double log_score = 0;
  double within_variance = 0;
};

// The newest kMostOwnRuns scored runs of the last kOwnWindowSeconds, newest first.
std::vector<LogScore> recent(const std::vector<results::PastScore>& past, std::int64_t now) {
  std::vector<LogScore> logs;
  for (auto it = past.rbegin(); it != past.rend() && logs.size() < kMostOwnRuns; ++it) {
    if (it->time > now || now - it->time > kOwnWindowSeconds || !(it->score > 0) || !std::isfinite(it->score)) continue;
    const double relative_se = it->standard_error > 0 ? it->standard_error / it->score : 0;
    logs.push_back({std::log(it->score), relative_se * relative_se});
  }
  return logs;
}

std::vector<double> log_scores(const std::vector<LogScore>& runs) {
  std::vector<double> logs;
  for (const LogScore& r : runs) logs.push_back(r.log_score);
  return logs;
}

// Rosner's critical value for the i-th most extreme of n values (generalized ESD).
double esd_critical_value(double n) {
  const double t = stats::student_t_quantile(1 - kOutlierTestLevel / (2 * n), n - 2);
  return (n - 1) * t / std::sqrt((n - 2 + t * t) * n);
}

// A run beside busy neighbours, or one whose input was cold, scores far off the rest: such
// a run says nothing of how the benchmark moves from moment to moment, and would widen
// every later interval for a fortnight. Rosner's generalized ESD test finds up to one run
// in five (on series with none it leaves one out in kOutlierTestLevel of them). Not the
// scaled-MAD screen of the machine's speed: the MAD of five runs is so unsteady that a
// 3.5-MAD screen left a run of clean normal series out often enough to cut the interval's
// coverage from 95% to 88% (tests/unit/analysis/between_run_spread_coverage_test.cpp).
std::vector<LogScore> without_outlying_runs(const std::vector<LogScore>& runs) {
  std::vector<LogScore> left = runs, kept = runs;
  for (std::size_t i = 1; i <= runs.size() / 5; ++i) {
    const std::vector<double> logs = log_scores(left);
    const double mean = stats::mean(logs), sd = stats::stddev(logs);
    if (!(sd > 0)) break;
    const auto farthest = std::max_element(left.begin(), left.end(), [mean](const LogScore& a, const LogScore& b) {
      return std::abs(a.log_score - mean) < std::abs(b.log_score - mean);
    });
    const bool outlying = std::abs(farthest->log_score - mean) / sd > esd_critical_value(static_cast<double>(left.size()));
    left.erase(farthest);
    // The number of outliers is the largest i whose test rejects: the i most extreme go.
    if (outlying) kept = left;
  }
  return kept;
}

// The benchmark's own figures: the method-of-moments estimate of the variance between
// runs, τ² (log scale). Each score is the true mean, plus the moment's effect (variance
// τ²), plus the run's own error (variance SE_i²), so the scores' sample variance estimates
// τ² plus the mean SE_i². Left unclamped (it may come out below 0 by chance), so that
// shrinking it stays unbiased. Unweighted, not DerSimonian and Laird's 1/SE_i² weights:
// those rest on SEs over 3 to 10 forks, which vary by factors of several by chance, and
// where τ dominates (the case that matters) equal weights lose nothing.
struct OwnEstimate {
  double tau2 = 0;     // may be negative
  double within = 0;   // mean SE_i², relative
  double df = 0;       // runs kept - 1
};

OwnEstimate own_estimate(const std::vector<LogScore>& runs) {
  OwnEstimate own;
  for (const LogScore& r : runs) own.within += r.within_variance / static_cast<double>(runs.size());
  own.tau2 = stats::variance(log_scores(runs)) - own.within;
  own.df = static_cast<double>(runs.size()) - 1;
  return own;
}

// Whether the benchmark's runs contradict the machine's speed as a description of them: were
// the speed's spread the benchmark's, (k - 1) s² / (τ_p² + mean SE²) would be a χ² with k - 1
// degrees of freedom; outside its central 1 - kMachineSpeedConflictLevel, the prior is set
// aside (a prior-data conflict check, Box 1980). A fixed prior would otherwise hold a
// benchmark that moves twice as much as the machine to 90% coverage at five runs, and one
// that moves half as much to intervals 3.6 times its spread at five runs, 3 at ten.
bool contradicts(const OwnEstimate& own, double prior_tau2) {
  const double statistic = own.df * (own.tau2 + own.within) / (prior_tau2 + own.within);
  return statistic < stats::chi_squared_quantile(kMachineSpeedConflictLevel / 2, own.df) ||
         statistic > stats::chi_squared_quantile(1 - kMachineSpeedConflictLevel / 2, own.df);
}

results::AcrossRuns from_machine_speed(const results::Context::BetweenRuns& speed, int runs) {
  results::AcrossRuns spread;
  spread.source = results::SpreadSource::machine_speed;
  spread.runs = runs;
  spread.between_run_sd = speed.relative_sd;
  return spread;
}

}  // namespace

std::optional<results::AcrossRuns> between_run_spread(const std::vector<results::PastScore>& past, std::int64_t now,
                                                      const results::Context::BetweenRuns& speed) {
  const std::vector<LogScore> counted = recent(past, now);
  const int runs = static_cast<int>(counted.size());
  const bool speed_known = speed.relative_sd >= 0;
  if (runs < kFewestOwnRuns) {
    if (!speed_known) return std::nullopt;
    return from_machine_speed(speed, runs);
  }
  const std::vector<LogScore> kept = without_outlying_runs(counted);
  const OwnEstimate own = own_estimate(kept);
  // The machine's speed is a prior on τ² worth ν0 degrees of freedom (a scaled inverse χ²);
  // the own estimate brings k - 1. The posterior's scale is their df-weighted mean, its
  // degrees of freedom their sum (docs/statistics.md derives it).
  const double prior = std::log1p(std::max(speed.relative_sd, 0.0));
  double prior_df = speed_known ? kMachineSpeedWorth : 0;
  if (prior_df > 0 && contradicts(own, prior * prior)) prior_df = 0;
  const double df = prior_df + own.df;
  const double tau2 = std::max(0.0, (prior_df * prior * prior + own.df * own.tau2) / df);

  results::AcrossRuns spread;
  spread.source = prior_df > 0 ? results::SpreadSource::shrunk : results::SpreadSource::own_history;
  spread.runs = runs;
  spread.set_aside = runs - static_cast<int>(kept.size());
  spread.between_run_sd = std::expm1(std::sqrt(tau2));
  spread.own_sd = std::expm1(std::sqrt(std::max(0.0, own.tau2)));
  spread.degrees_of_freedom = df;
  return spread;
}

std::optional<results::Interval> interval_across_runs(const results::Benchmark& b, const results::AcrossRuns& spread) {
  if (!b.ci || !b.score || spread.between_run_sd < 0) return std::nullopt;
  // Two independent sources of error add in variance: the run's own (its interval's
  // half-width, at its own quantile over forks) and the moment it ran at (the spread at the
  // quantile of its own degrees of freedom). Each side widens on its own: a bootstrap
  // interval need not be symmetric.
  const double p = (1 + b.ci->level) / 2;
  const double quantile = spread.degrees_of_freedom > 0 ? stats::student_t_quantile(p, spread.degrees_of_freedom)
                                                        : stats::normal_quantile(p);
  const double moment = quantile * std::abs(*b.score) * spread.between_run_sd;
  return results::Interval{b.ci->level, *b.score - std::hypot(*b.score - b.ci->low, moment),
                           *b.score + std::hypot(b.ci->high - *b.score, moment)};
}

}  // namespace tare::analysis
