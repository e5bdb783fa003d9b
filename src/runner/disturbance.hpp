// Samples that other work disturbed: the benchmark's threads were ready to run and waited
// for a CPU (another process held it, on this machine's scheduler). Pure judgement over
// what the worker recorded per sample (results::Sample::wait_ns).
#pragma once

#include <optional>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::runner {

/// A sample is disturbed when its threads waited, runnable, for more than this share of
/// the time they were to run (the sample's time × threads). A preemption costs at least
/// a scheduler slice of the other task (milliseconds), far above it; the wakeups and
/// interrupts of a quiet machine stay far below it (microseconds per millisecond).
inline constexpr double kDisturbedWaitShare = 0.01;

/// Whether the scheduler made `sample` wait; nullopt where the kernel keeps no waits.
std::optional<bool> is_disturbed(const results::Sample& sample, int threads);

/// The measured samples of a fork that other work disturbed, and the fork's mean over the
/// others; nullopt where the waits are unknown.
struct ForkDisturbance {
  int disturbed = 0;
  std::optional<double> undisturbed_mean;  ///< absent when every sample was disturbed
};
std::optional<ForkDisturbance> fork_disturbance(const std::vector<results::Sample>& samples, Mode mode, int threads);

/// Over a benchmark's forks: the share of measured samples disturbed, and the score (mean
/// of fork means) over undisturbed samples only, when every fork has some.
struct BenchmarkDisturbance {
  double share = 0;
  std::optional<double> undisturbed_score;
};
std::optional<BenchmarkDisturbance> benchmark_disturbance(const std::vector<const results::Fork*>& forks);

}  // namespace tare::runner
