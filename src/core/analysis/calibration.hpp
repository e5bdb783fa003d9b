// How many invocations make one sample: enough that the clock's resolution and the cost of
// reading it are below 0.1% of the sample, grown geometrically from one; and how many
// samples a fork then measures.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "results/results.hpp"

namespace tare::analysis {

inline constexpr double kLeastSampleNs = 1e6;
inline constexpr double kMostSampleNs = 1e8;
/// A fork measuring less than this many least samples' worth aims at this many samples.
inline constexpr double kShortForkSamples = 20;

/// The sample duration to aim for: 1000x the clock's resolution plus read cost (its error
/// under 0.1% of a sample), and at least 1 ms (shorter samples weigh the harness's own rhythm
/// between them more), at most 100 ms. A fork that measures `measure_ns` under 20 ms (a short
/// run's) aims at a twentieth of it instead of 1 ms, never under the clock's 1000x: at 1 ms
/// its measurement would be a sample or two, leaving its steady state nothing to be judged
/// on, and its warmup could not reach the 20 samples the trend test settles on within its
/// bound; it would always run to the bound.
double target_sample_ns(double clock_resolution_ns, double clock_overhead_ns, double measure_ns = 1e8);

class BatchCalibrator {
 public:
  explicit BatchCalibrator(double target_ns, std::uint64_t max_invocations = std::uint64_t{1} << 40)
      : target_ns_(target_ns), max_invocations_(max_invocations) {}

  /// Given that `invocations` took `elapsed_ns`, the next batch size to try, or nullopt
  /// when this one is accepted (it is long enough, or it cannot grow any further).
  std::optional<std::uint64_t> next(std::uint64_t invocations, double elapsed_ns) const;

  /// True when a batch of `invocations` had to stop growing at the cap while still short:
  /// the operation takes (almost) no time, which usually means it was optimised away.
  bool capped(std::uint64_t invocations, double elapsed_ns) const {
    return invocations >= max_invocations_ && elapsed_ns < target_ns_ * 2 / 3;
  }

 private:
  double target_ns_;
  std::uint64_t max_invocations_;
};

/// The typical recent sample: the median of the last five at the last one's batch size (one
/// disturbed sample must not halve or double what is derived from it). `samples` must not be
/// empty.
results::Sample typical_recent(const std::vector<results::Sample>& samples);

/// How long a sample took as it passed: its span where the benchmark timed itself (a paused
/// timer's untimed parts, per-invocation hooks, included), else its own time. Forks are paced
/// by it, its batch calibrated and its measurement filled: a loop that pauses its timer for
/// most of each iteration would otherwise run many times as long as asked, for samples whose
/// timed parts are each read around by the clock anyway (a longer sample does not shrink
/// their error). A loop the compiler deleted spans what it times, and stays one.
double wall_span_ns(const results::Sample& s);

/// The typical recent sample's span (wall_span_ns): the median over the last five at the
/// last one's batch size (of an even count, the greater middle one, as typical_recent).
/// `samples` must not be empty.
double typical_span_ns(const std::vector<results::Sample>& samples);

/// ns per invocation of a sample.
double per_invocation_ns(const results::Sample& s, std::uint64_t ops_per_invocation, int threads);

/// The time per invocation the last good fork of a benchmark measured (the median over its
/// measured samples), for the next fork's worker to plan by; 0 when none has measured one.
double invocation_ns(const std::vector<results::Fork>& forks, std::uint64_t ops_per_invocation, int threads);

/// What a fork is to measure, and what its warmup showed.
struct MeasurementPlan {
  double measure_ns = 1e8;        ///< measured time per fork
  int min_samples = 5;            ///< samples however long they are
  bool measures_nothing = false;  ///< the batch reached its cap: the timed loop was deleted
};

/// Batches to measure after `warmup` (not empty): enough to fill the measured time at the
/// typical recent sample's span (typical_span_ns), at least min_samples, at most 10000; a
/// loop at the cap times next to nothing and would take the most samples, each a round trip
/// to the worker worth a thousand of its own, so it gets kSamplesOfNothing.
std::uint64_t batches_to_measure(const std::vector<results::Sample>& warmup, const MeasurementPlan& plan);

/// Single calls to measure in sample mode after `warmup` (not empty): each call costs
/// about 2 µs of harness work around it; at least min_samples, at most 20000.
std::uint64_t calls_to_measure(const std::vector<results::Sample>& warmup, const MeasurementPlan& plan,
                               std::uint64_t ops_per_invocation, int threads);

/// What a fork asks of its time before and during its measurement, for judging a first sample.
struct FirstSampleBounds {
  double measure_ns = 1e8;          ///< measured time per fork
  double warmup_max_ns = 1e9;       ///< the warmup's bound (MinWarmUpTime raises it)
  double warmup_until_age_ns = 0;   ///< warm up until the process is this old (a slow start)
};

/// Whether a fork's first sample, of one invocation on each of `threads` threads, is its
/// whole measurement, when one measured sample is enough (min_samples 1: a Google
/// Benchmark-length run): it lasted at least the fork's measurement and its warmup bound, so
/// the warmup would stop after it and one more sample would measure as long again, and did
/// so without the time its threads waited for a CPU (a short call that other work held up
/// only looks long); and the process is as old as the fork must warm up to. Nothing is
/// judged of its steady state (one sample).
bool first_sample_serves(const results::Sample& first, const FirstSampleBounds& bounds, int threads);

/// Measured samples of a timed loop the compiler deleted (it reached the batch cap).
inline constexpr double kSamplesOfNothing = 100;

}  // namespace tare::analysis
