// When a fork may stop warming up and start measuring: once the latest samples show no
// trend. This decides only when measurement begins; whether and where the fork reached a
// steady state is judged afterwards on its whole series (fork_analysis), with changepoints.
#pragma once

#include <cstddef>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// Samples in the window the warmup trend test looks at.
inline constexpr int kWarmupWindow = 20;

/// Whether the warmup may end: at least kWarmupWindow samples were taken since
/// `first_index` (those before it were calibration, at other batch sizes), and the last
/// kWarmupWindow of `warmup` show no trend (stats::trend_test).
bool warmup_settled(const std::vector<results::Sample>& warmup, std::size_t first_index, Mode mode, int threads);

}  // namespace tare::analysis
