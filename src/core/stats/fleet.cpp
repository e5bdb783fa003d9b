// The fleet's statistics: a one-way random-effects analysis of the fork means (machines as
// the groups), with the samples' level from what each machine's run already estimated.
#include "stats/fleet.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
#include <cmath>

#include "stats/descriptive.hpp"
#include "stats/quiet_policy.hpp"

namespace tare::stats {
namespace {

// The machines that have forks, with their means.
struct Groups {
  std::vector<const MachineForks*> machines;
  std::vector<double> means;
  std::vector<double> sizes;
  double total = 0;  // N: every fork
};

Groups groups_with_forks(const std::vector<MachineForks>& machines) {
  Groups groups;
  for (const MachineForks& m : machines) {
    if (m.fork_means.empty()) continue;
    groups.machines.push_back(&m);
    groups.means.push_back(mean(m.fork_means));
    groups.sizes.push_back(static_cast<double>(m.fork_means.size()));
    groups.total += groups.sizes.back();
  }
  return groups;
}

// The ANOVA's mean square within machines: the fork means' variance about their machine's
// mean, pooled with N − a degrees of freedom. NaN when no machine has two forks.
double mean_square_within(const Groups& g) {
  double squares = 0;
  for (std::size_t i = 0; i < g.machines.size(); ++i)
    for (const double x : g.machines[i]->fork_means) squares += (x - g.means[i]) * (x - g.means[i]);
  const double df = g.total - static_cast<double>(g.machines.size());
  return df > 0 ? squares / df : kNaN;
}

// σ²_machine = (MSB − MSW) / n0, with n0 = (N − Σ n_i² / N) / (a − 1) the effective forks per
// machine of an unbalanced design (Searle, Casella & McCulloch 1992, §3.6).
double between_machines(const Groups& g, double msw) {
  const double a = static_cast<double>(g.machines.size());
  if (a < 2) return kNaN;
  double weighted = 0, sum_squares = 0;
  for (std::size_t i = 0; i < g.means.size(); ++i) weighted += g.sizes[i] * g.means[i];
  const double grand = weighted / g.total;
  double between = 0;
  for (std::size_t i = 0; i < g.means.size(); ++i) {
    between += g.sizes[i] * (g.means[i] - grand) * (g.means[i] - grand);
    sum_squares += g.sizes[i] * g.sizes[i];
  }
  const double msb = between / (a - 1);
  const double n0 = (g.total - sum_squares / g.total) / (a - 1);
  return (msb - (std::isnan(msw) ? 0 : msw)) / n0;
}

// T1² pooled over the machines that know it (weighted by forks), and the mean samples per fork.
void samples_level(const Groups& g, FleetVariance& v) {
  double variance = 0, samples = 0, forks = 0;
  for (std::size_t i = 0; i < g.machines.size(); ++i) {
    const MachineForks& m = *g.machines[i];
    if (m.within_fork_variance < 0 || m.samples_per_fork <= 0) continue;
    variance += g.sizes[i] * m.within_fork_variance;
    samples += g.sizes[i] * m.samples_per_fork;
    forks += g.sizes[i];
  }
  if (forks == 0) {
    v.within_fork = kNaN;
    v.between_forks = v.fork_means;
    return;
  }
  v.within_fork = variance / forks;
  // T2² = S2² − T1² / r (Kalibera & Jones, corrected): the forks' spread less the samples'.
  v.between_forks = v.fork_means - v.within_fork / (samples / forks);
}

double shrunk(double machine_mean, double forks, double fleet_mean, const FleetVariance& v) {
  if (std::isnan(v.fork_means) || std::isnan(v.between_machines)) return machine_mean;
  const double between = std::max(0.0, v.between_machines);
  const double noise = v.fork_means / forks;
  if (between + noise <= 0) return fleet_mean;
  return fleet_mean + between / (between + noise) * (machine_mean - fleet_mean);
}

double two_sided_p(double t, double df) {
  const boost::math::students_t_distribution<double, detail::QuietPolicy> dist(df);
  return 2 * boost::math::cdf(boost::math::complement(dist, std::abs(t)));
}

// Machine i against the a − 1 others: d = ȳ_i − mean of theirs. Var d = v_i + mean(v_j) / (a − 1)
// with v = T3² + σ²_e / n; the others' sample variance s² estimates T3² + mean_j(σ²_e / n_j)
// with a − 2 degrees of freedom, and σ²_e / n_i − mean_j(σ²_e / n_j) is added from the pooled
// fork-means variance (many degrees of freedom) for a machine with fewer or more forks.
void outlier_test(const Groups& g, double msw, std::size_t i, MachineEstimate& e) {
  const std::size_t a = g.means.size();
  std::vector<double> others;
  double inverse_sizes = 0;
  for (std::size_t j = 0; j < a; ++j) {
    if (j == i) continue;
    others.push_back(g.means[j]);
    inverse_sizes += 1 / g.sizes[j];
  }
  const double k = static_cast<double>(others.size());
  const double s2 = variance(others);
  double v = s2 * (1 + 1 / k);
  if (!std::isnan(msw)) v += msw * (1 / g.sizes[i] - inverse_sizes / k);
  if (v <= 0) v = s2 * (1 + 1 / k);
  e.outlier_t = v > 0 ? (g.means[i] - mean(others)) / std::sqrt(v) : kNaN;
  e.outlier_p = std::isnan(e.outlier_t) ? kNaN : two_sided_p(e.outlier_t, k - 1);
}

}  // namespace

FleetEstimate estimate_fleet(const std::vector<MachineForks>& machines, double level, double false_alarm) {
  FleetEstimate fleet;
  fleet.false_alarm = false_alarm;
  const Groups g = groups_with_forks(machines);
  fleet.machines = static_cast<int>(g.machines.size());
  fleet.forks = static_cast<int>(g.total);
  fleet.fleet = mean_interval(g.means, level);
  fleet.variance.fork_means = mean_square_within(g);
  fleet.variance.between_machines = between_machines(g, fleet.variance.fork_means);
  samples_level(g, fleet.variance);

  std::size_t group = 0;
  for (const MachineForks& m : machines) {
    MachineEstimate e;
    e.forks = static_cast<int>(m.fork_means.size());
    e.mean = e.shrunk_mean = e.outlier_t = e.outlier_p = kNaN;
    if (e.forks > 0) {
      e.mean = g.means[group];
      if (e.forks >= 2) e.ci = mean_interval(m.fork_means, level);
      e.shrunk_mean = shrunk(e.mean, e.forks, fleet.fleet.mean, fleet.variance);
      if (g.means.size() >= 3) outlier_test(g, fleet.variance.fork_means, group, e);
      e.outlier = e.outlier_p < false_alarm / static_cast<double>(g.means.size());
      ++group;
    }
    fleet.per_machine.push_back(std::move(e));
  }
  return fleet;
}

}  // namespace tare::stats
