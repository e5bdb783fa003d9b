// A slow start longer than a fork. An ordinary fork lives a tenth of a second or so: a
// benchmark slower for its first half second in every process (a cache filled lazily, a
// JIT, pages the kernel maps on first touch, a CPU that raises its clock only under
// sustained load) would be measured entirely inside its slow phase, and every fork would
// agree. So the first fork of each benchmark warms up for the whole warmup bound however
// steady it looks (the horizon), and the changepoints of that long series say whether and
// when the speed settled; every later fork then warms up past that point. Pure judgement
// over the samples the first fork took.
#pragma once

#include <cstddef>
#include <optional>

#include "analysis/fork_analysis.hpp"
#include "results/results.hpp"

namespace tare::analysis {

/// How far tare's own runs watch a benchmark's first process (the default --warmup-max-ms):
/// a run that watched less says that a longer slow start was not looked for.
inline constexpr double kSlowStartLookNs = 1e9;

/// Later forks warm up for this many times the slow start the first fork found (the age at
/// which a process reaches its speed varies a little from process to process).
inline constexpr double kSlowStartMargin = 1.25;

/// What the first fork's series (warmup and measured samples, before analyze_fork cut
/// anything) says; `horizon_ns` is how far its warmup reached. A slow start is the leading
/// run of changepoint segments each slower than the speed finally reached by more than the
/// steady band (input.delta); its length is the process's age at its end (the samples' own
/// time where the worker stamped no ages).
results::SlowStart judge_slow_start(const results::Fork& fork, const ForkAnalysisInput& input, double horizon_ns);

/// Whether the speed was still changing in the later half of a horizon: then the first fork
/// looks twice as far before it is measured (`warmup` is what it took so far).
bool looks_beyond_horizon(const results::Fork& warming, const ForkAnalysisInput& input);

/// Whether the second fork, warmed up past the first fork's slow start, was also slower in
/// the first half of it than after it (by half the first's slowdown at least), judged on
/// the samples other work left alone.
bool confirms_slow_start(const results::Fork& second, const results::SlowStart& slow_start, int threads);

/// Records on the first fork whether the second confirmed its slow start (when it found one).
void record_slow_start_confirmation(results::Fork& first, const results::Fork& second, int threads);

/// The process age a later fork of a benchmark whose first fork found `slow_start` warms up
/// to, when `forks_run` forks have run: the second fork warms up past it to confirm it, the
/// others only when it was confirmed; 0 otherwise.
double later_warmup_ns(const std::optional<results::SlowStart>& slow_start, std::size_t forks_run);

}  // namespace tare::analysis
