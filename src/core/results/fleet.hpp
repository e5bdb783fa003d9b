// One benchmark run on several machines of a kind, merged: each machine's own run (its
// context, its benchmarks with their forks) and, per benchmark, each machine's score beside
// the fleet's (analysis/fleet_merge.hpp fills it; report/fleet_json.hpp writes it as the
// `tare.fleet/1` document, docs/results.md). Plain data.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::results {

/// One machine: a name (its host, unique in the fleet) and the run it measured.
struct FleetMachine {
  std::string name;
  Run run;
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
  std::vector<MachineScore> per_machine;  ///< every machine of the fleet, in its order
  double false_alarm = 0.05;              ///< chance of naming any machine when none differs
};

struct Fleet {
  std::vector<FleetMachine> machines;
  std::vector<FleetBenchmark> benchmarks;  ///< in the order each first appears
};

}  // namespace tare::results
