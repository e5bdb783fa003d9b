// Whether a benchmark's threads really ran at once. Several threads on too few free CPUs
// take turns: the sample's time is then that of threads one after another, not of threads
// contending together, and the score is not what the benchmark set out to measure. Pure
// judgement over what the worker recorded per sample (results::Sample::overlap_ns, cpu_ns,
// wait_ns).
#pragma once

#include <optional>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// The threads ran apart when every one of them was inside its timed run at once for less
/// than this share of the sample: they started together (a barrier lines them up), so only
/// the scheduler can have run one's batch before another's.
inline constexpr double kApartOverlapShare = 0.5;
/// ... or when, on average, at least this many threads' worth of the sample's time they
/// were not on a CPU, and they spent most of that waiting for one (runnable, in the run
/// queue): time-sliced on too few CPUs rather than waiting for each other (locks).
inline constexpr double kApartMissingThreads = 0.5;
/// A benchmark is said to have run its threads apart when at least this share of its
/// measured samples did (a few such samples are a neighbour's moment, which the disturbed
/// samples already account for).
inline constexpr double kApartSampleShare = 0.1;

enum class ThreadsRan { together, apart, unknown };

/// How `sample`'s `threads` ran. `ns_is_span`: the sample's time is the window from the
/// first thread's start to the last one's end (tare timed the batch), so its CPU time says
/// how many threads ran on average; otherwise only the overlap of the runs is judged.
/// Unknown with one thread, or where the overlap was not recorded (older files).
ThreadsRan threads_ran(const results::Sample& sample, int threads, bool ns_is_span);

/// What the measured samples of some forks say about their threads.
struct ThreadOverlap {
  int judged = 0;  ///< samples whose threads' running could be told
  int apart = 0;   ///< of them, those whose threads did not run at once
  /// Threads running on average over the samples that ran apart (their CPU time over their
  /// time); 0 where that is not known.
  double running_apart = 0;
};

ThreadOverlap thread_overlap(const std::vector<const results::Fork*>& forks, int threads, bool ns_is_span);

/// The finding when the threads ran apart in enough samples (kApartSampleShare); nullopt
/// otherwise.
std::optional<results::facts::ThreadsApart> threads_apart(const ThreadOverlap& found, int threads);

}  // namespace tare::analysis
