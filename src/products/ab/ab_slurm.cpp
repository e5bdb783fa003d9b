#include "ab/ab_slurm.hpp"

#include "analysis/calibration.hpp"

namespace tare::ab {

SlurmSite::SlurmSite() : commands_(runner::reach_slurm()) {}

void SlurmSite::allocate(const AbOptions& options, const std::string& binary) {
  runner::SlurmRequest one_node = options.slurm;
  one_node.nodes = 1;
  allocation_ = std::make_unique<runner::SlurmAllocation>(commands_, one_node);
  const std::string& node = allocation_->nodes().front();
  node_ = runner::describe_node(allocation_->job(), node, binary, options.timeout_seconds);
  launcher_ = std::make_unique<runner::SlurmLauncher>(allocation_->job(), node);
}

Setup SlurmSite::setup() const {
  return {node_.clock.tsc_ghz, analysis::target_sample_ns(node_.clock.resolution_ns, node_.clock.overhead_ns),
          launcher_.get()};
}

std::string SlurmSite::note() const {
  return "pairs ran as Slurm job steps on node " + allocation_->nodes().front() + " (job " + allocation_->job().id +
         ", " + node_.cpu.model + ")";
}

}  // namespace tare::ab
