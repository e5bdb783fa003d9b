// tare ab --launcher slurm: both workers of every pair are job steps on one node of an
// exclusive allocation, alive at once as on a local machine, so A and B always meet the
// same machine. The node is described there (its clock chosen there, which the workers
// read at its rate); the allocation is given back when the comparison ends.
#pragma once

#include <memory>
#include <string>

#include "ab/ab.hpp"
#include "ab/ab_pair.hpp"
#include "results/results.hpp"
#include "runner/slurm_allocation.hpp"
#include "runner/slurm_launcher.hpp"

namespace tare::ab {

class SlurmSite {
 public:
  /// Finds Slurm and checks it answers: throws UsageError (one line) when it is not
  /// installed or not reachable. Nothing is allocated yet.
  SlurmSite();
  /// Allocates one node exclusively and describes it with a step of `binary`. Throws
  /// std::runtime_error saying what failed.
  void allocate(const AbOptions& options, const std::string& binary);

  /// The pairs' setup on the node: its clock, the sample length it allows, the launcher.
  Setup setup() const;
  /// "pairs ran as Slurm job steps on node N (job J)", for the report's notes.
  std::string note() const;

 private:
  runner::SlurmCommands commands_;
  std::unique_ptr<runner::SlurmAllocation> allocation_;
  std::unique_ptr<runner::SlurmLauncher> launcher_;
  results::Context node_;
};

}  // namespace tare::ab
