// One benchmark binary run on several machines of a kind (a fleet): each machine with its
// name, whether it measured everything, and its own run whole (its context, its benchmarks
// with their forks), the machine one more level of the statistical hierarchy above the
// process; and, per benchmark, each machine's score beside the fleet's, over the machines
// that succeeded. The Slurm launcher (runner/slurm_run.hpp) and `tare fleet merge` build it
// (analysis/fleet_merge.hpp fills the statistics); report/fleet_json.hpp writes it as the
// `tare.fleet/1` document (docs/results.md). Plain data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::results {

/// One machine's part of a fleet.
struct FleetMachine {
  std::string name;   ///< the node's name as Slurm calls it, or its results' host; unique in the fleet
  bool ok = false;    ///< it measured everything, and every benchmark succeeded (or was skipped) on it
  std::string error;  ///< why not: the node failed, or a benchmark did on it
  /// What it measured, its context described on it; absent when nothing was (the node
  /// failed before its first fork).
  std::optional<Run> run;
};

/// A benchmark on one machine, judged beside the others.
struct MachineScore {
  std::string machine;
  int forks = 0;                          ///< good forks; 0: the machine has no score for it
  std::optional<double> mean;             ///< of its fork means
  std::optional<Interval> ci;             ///< from its own forks (two or more)
  std::optional<double> shrunk_mean;      ///< pulled toward the fleet by how little its forks say
  std::optional<double> outlier_t, outlier_p;  ///< the test against the others (three machines or more)
  bool outlier = false;
};

/// Each level's own variance (Kalibera & Jones's T_i²); absent: not estimable. A negative
/// estimate means the level adds nothing the data can detect.
struct FleetVariance {
  std::optional<double> within_fork, between_forks, between_machines;
};

/// One benchmark across the fleet, matched by name.
struct FleetBenchmark {
  std::string name;
  std::string unit;
  Mode mode = Mode::avgt;
  int machines = 0;  ///< with a score for it
  int forks = 0;
  std::optional<double> mean;  ///< of a machine of this kind: the mean of the machine means
  std::optional<Interval> ci;  ///< the fleet interval (two machines or more)
  FleetVariance variance;
  /// Every machine of the fleet, in its order; one that failed has no score (forks 0).
  std::vector<MachineScore> per_machine;
  double false_alarm = 0.05;  ///< chance of naming any machine when none differs
};

struct Fleet {
  std::string launcher;  ///< "slurm"; empty: merged from results files (tare fleet merge)
  std::string job;       ///< the Slurm job the machines were allocated in; empty when none
  std::vector<FleetMachine> machines;
  bool interrupted = false;
  /// Over the machines that succeeded, in the order each benchmark first appears on them.
  std::vector<FleetBenchmark> benchmarks;
};

}  // namespace tare::results
