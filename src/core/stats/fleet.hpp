// One benchmark measured on several machines of a kind (a fleet): machine -> fork -> samples,
// an unbalanced nested design. Kalibera & Jones (2013) variance components for each level by
// the method of moments, the interval for the mean of "a machine of this kind", each machine's
// own interval and its estimate shrunk toward the fleet, and a test naming a machine whose
// scores disagree with the others at a known false-alarm rate. Pure; docs/statistics.md
// derives each formula.
#pragma once

#include <optional>
#include <vector>

#include "stats/interval.hpp"

namespace tare::stats {

/// One machine's evidence about a benchmark: the score of each of its forks, and (when known)
/// the variance of one sample within a fork and the mean number of samples per fork, which
/// split the forks' spread into its own part and the samples' part.
struct MachineForks {
  std::vector<double> fork_means;
  double within_fork_variance = -1;  ///< of one sample (Kalibera's T1²); < 0: not known
  double samples_per_fork = 0;       ///< mean over the forks; 0: not known
};

/// Each level's own variance (Kalibera & Jones's T_i²), method of moments. An estimate may be
/// negative: that level adds no variance the data can detect. NaN: not estimable.
struct FleetVariance {
  double within_fork = 0;       ///< T1²: one sample within a fork
  double between_forks = 0;     ///< T2²: forks of one machine, the samples' noise taken out
  double between_machines = 0;  ///< T3²: machines of the kind
  /// The pooled variance of fork means within a machine (the ANOVA's mean square within): the
  /// forks' own variance plus the samples' share of it.
  double fork_means = 0;
};

/// One machine beside the fleet.
struct MachineEstimate {
  int forks = 0;
  double mean = 0;  ///< of its fork means (NaN without forks)
  /// From its own forks alone (Student's t, forks − 1 degrees of freedom); none under 2 forks.
  std::optional<MeanInterval> ci;
  /// Its mean pulled toward the fleet's by how little its own forks say (empirical Bayes:
  /// weight T3² / (T3² + fork-means variance / forks)); the better guess of its true level.
  double shrunk_mean = 0;
  /// The outlier test: its mean against the prediction from the other machines alone (a
  /// studentized deleted residual with machines − 2 degrees of freedom); NaN under 3 machines.
  double outlier_t = 0;
  double outlier_p = 0;  ///< two-sided, before the correction for testing every machine
  bool outlier = false;  ///< p below the false-alarm rate divided by the machines tested
};

struct FleetEstimate {
  int machines = 0;  ///< with at least one fork
  int forks = 0;
  /// Where the mean of a machine of this kind lies: the mean of the machine means, Student's t
  /// with machines − 1 degrees of freedom on their spread. n = machines; under 2 machines the
  /// half-width is infinite.
  MeanInterval fleet;
  FleetVariance variance;
  std::vector<MachineEstimate> per_machine;  ///< in the order given
  double false_alarm = 0.05;                 ///< the chance, per benchmark, of naming any machine when none differs
};

/// The fleet's estimate at confidence `level`; a machine named an outlier at family-wise
/// false-alarm rate `false_alarm` (Bonferroni over the machines). A machine without forks is
/// listed (forks 0, mean NaN) and left out of everything else.
FleetEstimate estimate_fleet(const std::vector<MachineForks>& machines, double level = 0.95,
                             double false_alarm = 0.05);

}  // namespace tare::stats
