// Benchmarks relative to their family's baseline (Group::baseline): the ratio of scores
// with a hierarchical-bootstrap interval (never narrower than the two benchmarks' own
// Student-t intervals over their forks allow), between benchmarks at the same parameters and
// thread count. The forks of the two are independent processes, interleaved in the same
// run, so drift over the run hits both alike on average.
#pragma once

#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// Fills `relative` of every benchmark whose family names a baseline other than itself.
void relate_to_baselines(results::Run& run, const std::vector<registry::Instance>& instances);

}  // namespace tare::analysis
