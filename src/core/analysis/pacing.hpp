// A fork whose timer runs for a small share of its samples' time as it passes (Google
// Benchmark's PauseTiming, tare's per-invocation hooks, threads that idle while one works)
// would take many times its measurement if it aimed its samples, and filled its measured
// time, with the timer's time alone. Such a fork is paced by time as it passes instead: its
// samples are shorter in timed time by that share, so that each lasts the target as time
// passes and its warmup still gets its 20 samples within its bound (already a bound on time
// as it passes), and its measurement takes as many samples as fill the measured time as it
// passes. Every sample is still timed time per operation: fewer timed nanoseconds only
// widen the interval.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

/// A fork whose timer ran for less than this share of its samples' time as it passed is
/// paced by time as it passes: unpaced, it would last over four times its measurement.
inline constexpr double kPacedShare = 0.25;

/// How typical recent samples spent their time as it passed (from the end of the sample
/// before to their own end, by the process's age: the work between samples included).
struct Pace {
  double wall_ns = 0;      ///< a sample's time as it passed
  double wall_share = 1;   ///< the share of it the timer ran (a sample's time ÷ its time as it passed; at most 1)
  /// The same with every wait of the sample's threads for a CPU counted as timed: more
  /// threads than CPUs take turns, which is no paused timer (and which the run length shares
  /// among them already). The share no load can lower.
  double timed_share = 1;
};

/// The pace of `samples` (in order): the medians over the last five, at most, of the last
/// one's batch size whose time as it passed is known (its age and the one's before it) and
/// lasted at least `least_wall_ns` (a third of the sample target: in a shorter one the
/// harness's own work between samples weighs as much as a paused timer); a round trip to
/// the worker before one of them, or a sample other work held up, moves no median. nullopt
/// when no such sample is known.
std::optional<Pace> recent_pace(const std::vector<results::Sample>& samples, int threads, double least_wall_ns);

/// What the calibration's last sample shows of the pace, when the sample before it (of a
/// smaller batch) shows the fork paced too: one sample alone, after the start of a call of
/// the benchmark's function (its set-up) or a round trip to the worker that was held up,
/// may look paced; both seldom do. nullopt otherwise (the warmup's samples judge again).
std::optional<Pace> calibration_pace(const std::vector<results::Sample>& calibration, int threads,
                                     double least_wall_ns);

/// The target a calibration aims at after `calibration`'s samples: the paced target when
/// calibration_pace paces the fork (paced_target_ns of `target_ns`, never under `least_ns`),
/// else `target_ns`.
double calibration_target_ns(const std::vector<results::Sample>& calibration, int threads, double target_ns,
                             double least_ns);

/// Whether a fork at `pace` is paced by time as it passes: its timer ran for under
/// kPacedShare of it, even with its threads' waits for a CPU counted as timed.
bool paced(const Pace& pace);

/// A paced fork's sample target in timed time: `target_ns` as time passes (target ×
/// wall_share), never under `least_ns` (the clock's 1000x, where the sample's time is read
/// around it: its error stays under 0.1%; 0 where the benchmark reads the clock around each
/// of its timed parts, whose error a longer sample does not shrink).
double paced_target_ns(double target_ns, const Pace& pace, double least_ns);

/// The batch that makes a sample of `target_ns`, from one of `invocations` that took
/// `sample_ns`: in proportion, rounded up; at least one, at
/// most `invocations` (pacing only shortens samples; calibration grows them).
std::uint64_t batch_for(std::uint64_t invocations, double sample_ns, double target_ns);

}  // namespace tare::analysis
