// A run on several machines (--launcher slurm): each machine's own run, whole, as it would
// have been measured alone, with the machine at the top. The machine is one more level of
// the statistical hierarchy above the process; what is computed across machines builds on
// this (docs/slurm.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::results {

/// One machine's part of a fleet run.
struct MachineRun {
  std::string machine;  ///< the node's name, as Slurm calls it
  bool ok = false;      ///< it measured everything, and every benchmark succeeded on it
  std::string error;    ///< why not: the node failed, or a benchmark did on it
  /// What it measured, its context described on it and every fork's node and step
  /// recorded; absent when nothing was (the node failed before its first fork).
  std::optional<Run> run;
};

struct Fleet {
  std::string launcher;  ///< "slurm"
  std::string job;       ///< the Slurm job the machines were allocated in
  std::vector<MachineRun> machines;
  bool interrupted = false;
};

}  // namespace tare::results
