// What analysis found behind a warning, as data: the numbers it judged by and what the
// reader can do about it. Analysis fills them in (analysis/benchmark_warnings.cpp); the
// report words them for every output (report/warning_words.hpp), so a script, a test or a
// new output reads the facts without parsing a sentence. Plain data, no behaviour.
#pragma once

#include <string>
#include <variant>

#include "results/source_api.hpp"

namespace tare::results {

/// What a warning tells its reader to do next time.
enum class AdviceKind {
  none,
  keep_the_work,                  ///< keep the compiler from deleting the work, or acknowledge it
  measure_longer,                 ///< longer forks, to see where the speed settles
  warm_up_and_measure_longer,     ///< longer warmup and measurement per fork
  more_forks,                     ///< more processes, to narrow the interval
};

/// What to do, said in the calls and options of the API the benchmark's source uses.
struct Advice {
  AdviceKind kind = AdviceKind::none;
  SourceApi api = SourceApi::tare;
  friend bool operator==(const Advice&, const Advice&) = default;
};

/// The facts of each kind of finding. Shares are fractions (0.25 is 25%), times are in
/// nanoseconds, scores in the benchmark's unit.
namespace facts {

/// Forks that showed it, out of the forks that ran to the end: unsteady_forks,
/// unsteady_score, slowdown, score_disturbed; steady_unchecked also says how many samples a
/// fork needs to be classified.
struct Forks {
  int forks = 0;
  int of = 0;
  int fewest_samples = 0;  ///< steady_unchecked only
  friend bool operator==(const Forks&, const Forks&) = default;
};

/// machine_drift: how far the reference moved, how far off the score would be at the
/// slowest or fastest speed seen, the run's own half-width (shares of the score), and the
/// drift-normalized score with its half-width.
struct MachineDrift {
  double movement = 0;
  double shift = 0;
  double half_width = 0;
  double normalized_score = 0;
  double normalized_half_width = 0;
  friend bool operator==(const MachineDrift&, const MachineDrift&) = default;
};

/// two_modes: each mode's forks and mean, and the score that mixes them.
struct TwoModes {
  int forks_a = 0;
  double mean_a = 0;
  int forks_b = 0;
  double mean_b = 0;
  double score = 0;
  friend bool operator==(const TwoModes&, const TwoModes&) = default;
};

/// process_dependent: the spread between processes (SD) and its lower 95% bound, as shares
/// of the score.
struct ProcessSpread {
  double spread = 0;
  double at_least = 0;
  friend bool operator==(const ProcessSpread&, const ProcessSpread&) = default;
};

/// forks_far_apart: how many forks, of how many, and the forks' median to compare with.
struct FarForks {
  int forks = 0;
  int of = 0;
  double median = 0;
  friend bool operator==(const FarForks&, const FarForks&) = default;
};

/// disturbed_samples: the share of samples disturbed, the score with them, and how far
/// that is from the score (a share of it, signed).
struct DisturbedSamples {
  double share = 0;
  double score_with_them = 0;
  double moved = 0;
  friend bool operator==(const DisturbedSamples&, const DisturbedSamples&) = default;
};

/// slow_start: how much slower at first, when full speed came, how long the first process
/// was watched, and how old every later fork's process was when it started measuring.
struct SlowStart {
  double slower = 0;
  double warmup_ns = 0;
  double watched_ns = 0;
  double waited_ns = 0;
  friend bool operator==(const SlowStart&, const SlowStart&) = default;
};

/// slow_start_unchecked, slow_start_unbounded: how long the first process was watched.
struct Watch {
  double watched_ns = 0;
  friend bool operator==(const Watch&, const Watch&) = default;
};

/// A time set against another: optimised_away (the fastest sample's time per op against
/// the empty operation's floor), timer_cost (the clock's cost per op against the time per
/// op), coarse_clock (the median call against the clock's cost).
struct Cost {
  double ns = 0;
  double against_ns = 0;
  friend bool operator==(const Cost&, const Cost&) = default;
};

/// target_not_reached, forks_below_minimum, no_interval: what the run stopped short of.
/// `forks` ran to the end, `scored` of them count; `budget_spent` tells the budget from the
/// fork limit (or, for no_interval, from every other fork failing).
struct StoppedShort {
  double target = 0;   ///< the --target-ci asked for (a share)
  double reached = 0;  ///< this run's own half-width (a share)
  int forks = 0;
  int scored = 0;
  int min_forks = 0;   ///< --forks
  bool budget_spent = false;
  friend bool operator==(const StoppedShort&, const StoppedShort&) = default;
};

/// One figure: waits (the share of the time the benchmark had the CPU), fresh_memory (minor
/// faults per ms), teardown (its share of the measured time), major_faults (a count),
/// machine_busy (involuntary switches per second).
struct Amount {
  double value = 0;
  friend bool operator==(const Amount&, const Amount&) = default;
};

/// threads_apart: samples whose threads took turns, of those judged; the threads running on
/// average in them (0: not known); the benchmark's threads.
struct ThreadsApart {
  int samples = 0;
  int of = 0;
  double running = 0;
  int threads = 0;
  friend bool operator==(const ThreadsApart&, const ThreadsApart&) = default;
};

/// failed: the error the fork ended with (empty: none recorded).
struct Failure {
  std::string error;
  friend bool operator==(const Failure&, const Failure&) = default;
};

}  // namespace facts

/// None (monostate) for a finding whose code says it all (unoptimised_build,
/// assertions_enabled, stale_input) and for a warning read from a file or given in words.
using Facts = std::variant<std::monostate, facts::Forks, facts::MachineDrift, facts::TwoModes, facts::ProcessSpread,
                           facts::FarForks, facts::DisturbedSamples, facts::SlowStart, facts::Watch, facts::Cost,
                           facts::StoppedShort, facts::Amount, facts::ThreadsApart, facts::Failure>;

}  // namespace tare::results
