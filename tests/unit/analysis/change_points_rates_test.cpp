// Validation with known truth: change points over commits on simulated histories whose noise
// follows real runs. Each run's log score is the benchmark's level, plus the moment's effect
// (SD τ between runs, 0.5% to 3%), plus the mean of its 3 to 6 forks (1% apart); now and then
// the machine's speed steps for good (1% of runs, by 0.5-1.5% either way) and a run is
// disturbed (2% of runs, 10-30% slow). A/A histories change nothing else; the others take a
// 3% change (either way) at one commit in their middle half. An alert is a change point
// beyond the 2% threshold. Fixed seeds; each bar holds with a margin of at least 3.5
// standard errors of the simulation. Simulations of rates: optimised build only
// (support/full_scale.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "analysis/change_points.hpp"
#include "stats/descriptive.hpp"
#include "support/full_scale.hpp"

namespace change_point_rates {

using tare::analysis::Better;
using tare::analysis::find_change_points;
using tare::analysis::SeriesRun;

constexpr double kThreshold = 0.02;
constexpr double kPlanted = 0.03;
constexpr int kCommits = 40;
constexpr double kForkSd = 0.01;
constexpr double kStepRate = 0.01;   // of runs where the machine's speed steps for good
constexpr double kSpikeRate = 0.02;  // of runs a disturbance slows by 10-30%

struct History {
  double tau = 0.01;       ///< SD between runs (log scale)
  int runs_per_commit = 1;
  bool planted = false;
};

struct Simulated {
  std::vector<SeriesRun> runs;
  int change_commit = -1;  ///< where the planted change begins
  bool slower = false;
};

Simulated simulate(const History& h, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::normal_distribution<double> moment(0, h.tau), fork(0, kForkSd);
  Simulated s;
  if (h.planted) {
    s.change_commit = kCommits / 4 + static_cast<int>(unit(rng) * kCommits / 2);
    s.slower = unit(rng) < 0.5;
  }
  double machine = 0;
  for (int c = 0; c < kCommits; ++c)
    for (int k = 0; k < h.runs_per_commit; ++k) {
      if (unit(rng) < kStepRate) machine += (unit(rng) < 0.5 ? -1 : 1) * std::log(1 + 0.005 + 0.01 * unit(rng));
      double level = machine + moment(rng);
      if (h.planted && c >= s.change_commit) level += (s.slower ? 1 : -1) * std::log(1 + kPlanted);
      if (unit(rng) < kSpikeRate) level += std::log(1.1 + 0.2 * unit(rng));
      const int forks = 3 + static_cast<int>(unit(rng) * 4);
      std::vector<double> means;
      for (int f = 0; f < forks; ++f) means.push_back(100 * std::exp(level + fork(rng)));
      s.runs.push_back({"c" + std::to_string(c), tare::stats::mean(means),
                        tare::stats::stddev(means) / std::sqrt(static_cast<double>(forks)), ""});
    }
  return s;
}

// The comparison: E-divisive means as Apache Otava runs it, on the scores alone. Binary
// segmentation: the split of a stretch that maximises the energy statistic
// Q = mn/(m+n) · (2/mn Σ|x_i − y_j| − Σ_{i<k}|x_i − x_k| / C(m,2) − Σ_{j<k}|y_j − y_k| / C(n,2)),
// kept when Welch's t-test between the two sides gives p < 0.001 (Otava's default; it
// replaced the permutation test, to be deterministic); then each change tested again
// between its neighbours until all stand. Each side at least 2 runs (a t-test needs them).
struct Alert {
  std::size_t run;
  double size;
};

double mean_of(const std::vector<double>& x, std::size_t a, std::size_t b) {
  double sum = 0;
  for (std::size_t i = a; i < b; ++i) sum += x[i];
  return sum / static_cast<double>(b - a);
}

double energy(const std::vector<double>& x, std::size_t a, std::size_t at, std::size_t b) {
  const auto m = static_cast<double>(at - a), n = static_cast<double>(b - at);
  double across = 0, left = 0, right = 0;
  for (std::size_t i = a; i < at; ++i)
    for (std::size_t j = at; j < b; ++j) across += std::abs(x[i] - x[j]);
  for (std::size_t i = a; i < at; ++i)
    for (std::size_t k = i + 1; k < at; ++k) left += std::abs(x[i] - x[k]);
  for (std::size_t j = at; j < b; ++j)
    for (std::size_t k = j + 1; k < b; ++k) right += std::abs(x[j] - x[k]);
  return m * n / (m + n) * (2 * across / (m * n) - left / (m * (m - 1) / 2) - right / (n * (n - 1) / 2));
}

bool welch_significant(const std::vector<double>& x, std::size_t a, std::size_t at, std::size_t b) {
  const std::vector<double> left(x.begin() + a, x.begin() + at), right(x.begin() + at, x.begin() + b);
  const double vl = tare::stats::variance(left) / left.size(), vr = tare::stats::variance(right) / right.size();
  if (!(vl + vr > 0)) return tare::stats::mean(left) != tare::stats::mean(right);
  const double t = std::abs(tare::stats::mean(left) - tare::stats::mean(right)) / std::sqrt(vl + vr);
  const double df = (vl + vr) * (vl + vr) /
                    (vl * vl / (static_cast<double>(left.size()) - 1) + vr * vr / (static_cast<double>(right.size()) - 1));
  return t > tare::stats::student_t_quantile(1 - 0.001 / 2, df);
}

void e_divisive(const std::vector<double>& x, std::size_t a, std::size_t b, std::vector<std::size_t>& cuts) {
  std::size_t best = 0;
  double best_q = -1;
  for (std::size_t at = a + 2; at + 2 <= b; ++at)
    if (const double q = energy(x, a, at, b); q > best_q) best_q = q, best = at;
  if (best_q < 0 || !welch_significant(x, a, best, b)) return;
  e_divisive(x, a, best, cuts);
  cuts.push_back(best);
  e_divisive(x, best, b, cuts);
}

std::vector<Alert> otava_changes(const std::vector<SeriesRun>& runs) {
  std::vector<double> x;
  for (const auto& r : runs) x.push_back(r.score);
  std::vector<std::size_t> cuts;
  e_divisive(x, 0, x.size(), cuts);
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (std::size_t j = 0; j < cuts.size() && !dropped; ++j) {
      const std::size_t a = j ? cuts[j - 1] : 0, b = j + 1 < cuts.size() ? cuts[j + 1] : x.size();
      if (!welch_significant(x, a, cuts[j], b)) {
        cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(j));
        dropped = true;
      }
    }
  }
  std::vector<Alert> alerts;
  for (std::size_t j = 0; j < cuts.size(); ++j) {
    const std::size_t a = j ? cuts[j - 1] : 0, b = j + 1 < cuts.size() ? cuts[j + 1] : x.size();
    alerts.push_back({cuts[j], mean_of(x, cuts[j], b) / mean_of(x, a, cuts[j]) - 1});
  }
  return alerts;
}

std::vector<Alert> tare_changes(const std::vector<SeriesRun>& runs) {
  std::vector<Alert> alerts;
  for (const auto& change : find_change_points(runs, Better::lower).changes) alerts.push_back({change.run, change.size});
  return alerts;
}

struct Rates {
  int series = 0, commits = 0, alerts = 0, true_alerts = 0, found = 0, exact = 0;
  double precision() const { return alerts ? static_cast<double>(true_alerts) / alerts : 1; }
  double alerts_per_commit() const { return static_cast<double>(alerts) / commits; }
  double found_share() const { return static_cast<double>(found) / series; }
  double exact_share() const { return static_cast<double>(exact) / series; }
};

using Method = std::vector<Alert> (*)(const std::vector<SeriesRun>&);

Rates measure(const History& h, int series, std::uint64_t seed, Method method = tare_changes) {
  std::mt19937_64 rng(seed);
  Rates rates;
  for (int i = 0; i < series; ++i) {
    const Simulated s = simulate(h, rng);
    bool found = false, exact = false;
    for (const Alert& change : method(s.runs)) {
      if (std::abs(change.size) < kThreshold) continue;
      ++rates.alerts;
      const int commit = static_cast<int>(change.run) / h.runs_per_commit;
      if (h.planted && (change.size > 0) == s.slower && std::abs(commit - s.change_commit) <= 2) {
        ++rates.true_alerts;
        found = true;
        exact = exact || commit == s.change_commit;
      }
    }
    ++rates.series;
    rates.commits += kCommits - 1;
    rates.found += found;
    rates.exact += exact;
  }
  return rates;
}

void print(const char* what, const History& h, const Rates& r) {
  std::printf("[ observed ] %s tau %.1f%% x%d: alerts/commit %.4f found %.3f exact %.3f precision %.3f\n", what,
              h.tau * 100, h.runs_per_commit, r.alerts_per_commit(), r.found_share(), r.exact_share(), r.precision());
}

TEST(ChangePointRates, AaHistoriesRaiseAtMostOneAlertInAHundredCommits) {
  TARE_SIMULATION_OF_RATES();
  std::uint64_t seed = 1;
  for (double tau : {0.005, 0.01, 0.02, 0.03})
    for (int runs : {1, 3}) {
      const History h{tau, runs, false};
      const Rates r = measure(h, 1000, seed++);
      print("A/A", h, r);
      EXPECT_LE(r.alerts_per_commit(), 0.01);
    }
}

// The bars (found in 95% of series, at the exact commit in 90%) where one commit's runs
// pin its level to about 0.6% (τ 0.5%, or 1% over three runs); elsewhere the rates the
// method reaches (docs/statistics.md tabulates them), less 4 standard errors of the
// simulation, so that a change for the worse shows. A 3% step among runs 2-3% apart cannot
// be placed at its commit from one run per commit by any method: its runs overlap.
struct Expected {
  double tau;
  int runs_per_commit;
  double found, exact;
};

TEST(ChangePointRates, PlantedShiftsAreFoundAtTheirCommit) {
  TARE_SIMULATION_OF_RATES();
  constexpr Expected kExpected[] = {{0.005, 1, 0.95, 0.90}, {0.005, 3, 0.95, 0.90}, {0.01, 1, 0.90, 0.70},
                                    {0.01, 3, 0.93, 0.88},  {0.02, 1, 0.39, 0.19},  {0.02, 3, 0.82, 0.61},
                                    {0.03, 1, 0.10, 0.03},  {0.03, 3, 0.60, 0.32}};
  std::uint64_t seed = 100;
  for (const Expected& e : kExpected) {
    const History h{e.tau, e.runs_per_commit, true};
    const Rates r = measure(h, 1000, seed++);
    print("3% shift", h, r);
    EXPECT_GE(r.found_share(), e.found) << "tau " << e.tau << " x" << e.runs_per_commit;
    EXPECT_GE(r.exact_share(), e.exact) << "tau " << e.tau << " x" << e.runs_per_commit;
    // A planted change raises its own alert, and hardly any other.
    EXPECT_LE(r.alerts_per_commit(), 1.0 / (kCommits - 1) + 0.01);
  }
}

// Otava's E-divisive on the same histories (one run per commit: its energy statistic costs
// the cube of the runs), for docs/statistics.md: it finds fewer planted changes, and fewer at
// their commit, wherever the runs are 2% apart or less; at 3% both find few (it finds a few
// more there, at three times tare's false alerts: printed, not a bar).
TEST(ChangePointRates, OtavasEDivisiveFindsFewerOnTheSameHistories) {
  TARE_SIMULATION_OF_RATES();
  std::uint64_t seed = 1;
  for (double tau : {0.005, 0.01, 0.02, 0.03}) {
    const History aa{tau, 1, false}, planted{tau, 1, true};
    const std::uint64_t aa_seed = seed++;
    print("E-divisive A/A", aa, measure(aa, 500, aa_seed, otava_changes));
    const Rates otava = measure(planted, 500, aa_seed + 100, otava_changes);
    const Rates ours = measure(planted, 500, aa_seed + 100, tare_changes);
    print("E-divisive 3% shift", planted, otava);
    print("tare 3% shift", planted, ours);
    if (tau > 0.02) continue;
    EXPECT_GE(ours.found, otava.found) << "tau " << tau;
    EXPECT_GE(ours.exact, otava.exact) << "tau " << tau;
  }
}

}  // namespace change_point_rates
