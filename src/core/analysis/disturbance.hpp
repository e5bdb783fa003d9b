// Samples that other work disturbed: the benchmark's threads were ready to run and waited
// for a CPU (another process held it, on this machine's scheduler). Pure judgement over
// what the worker recorded per sample (results::Sample::wait_ns): which samples a fork's
// score rests on, and what the disturbed ones would have made of it.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// A sample is disturbed when its threads waited, runnable, for more than this share of
/// the time they were to run (the sample's time × threads). A preemption costs at least
/// a scheduler slice of the other task (milliseconds), far above it; the wakeups and
/// interrupts of a quiet machine stay far below it (microseconds per millisecond).
inline constexpr double kDisturbedWaitShare = 0.01;

/// The fewest undisturbed samples a fork's score rests on; with fewer, it rests on all.
inline constexpr std::size_t kFewestUndisturbed = 3;

/// Whether other work took the CPU from `sample`: its threads waited in the run queue, or
/// (stolen_ns) the hypervisor or interrupts took the CPU from a thread that never blocked,
/// for more than kDisturbedWaitShare of the time; nullopt where the kernel keeps no waits.
std::optional<bool> is_disturbed(const results::Sample& sample, int threads);

/// Whether too few of a fork's measured samples were left alone for its mean to rest on
/// them: fewer than kFewestUndisturbed (a single shot: its one sample disturbed). Such a
/// fork is left out of the score while two others are not (estimates::scored_forks).
bool too_disturbed(const results::Fork& fork);

/// Whether at least a third of the last `window` samples were disturbed: the CPU is shared
/// with other work often enough that shorter samples would fit between its turns more
/// often. False where the waits are unknown.
bool mostly_disturbed(const std::vector<results::Sample>& samples, std::size_t window, int threads);

/// How many of `samples` were disturbed; nullopt where the waits are unknown.
std::optional<int> count_disturbed(const std::vector<results::Sample>& samples, int threads);

/// The samples a fork's score rests on: its undisturbed samples when the waits are known and
/// at least kFewestUndisturbed remain, else all of them.
std::vector<const results::Sample*> scored_samples(const std::vector<results::Sample>& samples, int threads);

/// The values (in the benchmark's unit) of the samples a fork's score rests on.
std::vector<double> scored_values(const std::vector<results::Sample>& samples, Mode mode, int threads);

/// Two forks compared with each other (`tare ab`'s pairs), on the same footing: the
/// undisturbed values of both when each kept at least kFewestUndisturbed, else all values of
/// both (a side whose longer samples were disturbed more must not be scored on all of them
/// while the other is scored on its undisturbed ones).
struct PairedValues {
  std::vector<double> first, second;
};
PairedValues paired_scored_values(const std::vector<results::Sample>& first, const std::vector<results::Sample>& second,
                                  Mode mode, int threads);

/// Over a benchmark's scored forks: the share of measured samples disturbed, and the score
/// (mean of fork means) had the disturbed samples counted.
struct BenchmarkDisturbance {
  double share = 0;
  double all_samples_score = 0;
};
std::optional<BenchmarkDisturbance> benchmark_disturbance(const std::vector<const results::Fork*>& forks);

}  // namespace tare::analysis
