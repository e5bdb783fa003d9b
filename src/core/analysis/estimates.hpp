// From a benchmark's forks to its estimates: the score and its CI over fork means, the
// median with a sign-test CI, variance components (with batch means when samples are
// dependent), the hierarchical bootstrap, outlier diagnostics, the two modes of forks that
// disagree, and the steady-state class across forks.
#pragma once

#include <cstdint>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// The forks the score rests on: those that succeeded, reached a steady state and kept
/// enough samples other work left alone. Without two such forks, the steady ones; without
/// two of those, every successful fork (the warnings then say what the score rests on).
std::vector<const results::Fork*> scored_forks(const results::Benchmark& benchmark);

/// Whether the score rests on forks other work disturbed throughout (too_disturbed).
bool rests_on_disturbed_forks(const results::Benchmark& benchmark);

/// The values a fork's score rests on, in the benchmark's unit: its measured samples, less
/// those other work disturbed (disturbance.hpp's scored_values).
std::vector<double> fork_values(const results::Fork& fork, Mode mode, int threads);

/// Fills score, ci, ci_method, median, median_ci, mad, variances, within_fork_method,
/// bootstrap, outliers, modes and steady_state. `seed` makes the bootstrap reproducible;
/// `with_bootstrap` false leaves it out (checkpoints during a run: it costs up to a tenth
/// of a second per benchmark, and the final summary computes it).
void estimate(results::Benchmark& benchmark, const std::vector<const results::Fork*>& forks, Mode mode, int threads,
              std::uint64_t seed, bool with_bootstrap = true);

/// At least this share of forks must fail Ljung–Box before samples count as dependent: the
/// test runs once per fork at 1%, so one rejection among many forks is expected by chance.
inline constexpr double kDependentShare = 0.25;

}  // namespace tare::analysis
