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

/// How long `samples` (in order, not empty) took as time passed: from the end of the first
/// to the end of the last by the process's age, and the first's own time; never less than
/// their own times (all of them where an age is not known). A benchmark that pauses its
/// timer, or whose threads take turns on too few CPUs, takes far longer than its samples'
/// own times say.
double passed_ns(const std::vector<results::Sample>& samples);

/// How long the last of `samples` (not empty) took as time passed: from the end of the one
/// before it, when both ages are known; never less than its own time.
double last_passed_ns(const std::vector<results::Sample>& samples);

}  // namespace tare::analysis
