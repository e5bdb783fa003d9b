// What a ratio interval of times (NEW/BASE, lower is faster) says, in two separate
// statements. First the direction: named only when the interval excludes 1 (and the test
// behind it survived the suite's error control), with the size read off the interval.
// Then the threshold the user set: whether the interval lies wholly beyond it, wholly
// within it, or across an edge. An interval that contains 1 finds no difference; how small
// a difference the run could have found says how much that means.
#pragma once

namespace tare::compare {

enum class Direction { none, faster, slower };

/// Where the interval lies against the band [1 - threshold, 1 + threshold].
enum class AgainstThreshold {
  beyond,    ///< wholly outside the band (on the side of the direction)
  within,    ///< wholly inside it
  undecided  ///< across an edge of it
};

struct Verdict {
  Direction direction = Direction::none;
  AgainstThreshold against_threshold = AgainstThreshold::undecided;
  /// Direction none only: the smallest relative difference in time this interval would
  /// have found 4 times in 5 (a true change of this size lies beyond 1 in 80% of such
  /// intervals); NaN otherwise.
  double detectable = 0;
  /// `--fail-on slower`: the new build is slower (direction named) and its best estimate is
  /// slower than the threshold, and the timed code changed (not placement).
  bool fails_gate = false;
  /// A direction is named, but the benchmark's timed code is the same machine code on both
  /// sides, executing as many instructions, at other addresses: the difference is where code
  /// or data sit (alignment against cache lines, the decoded-instruction cache, branch
  /// predictors), not a change to this benchmark (Mytkowicz et al. 2009). Never for code at
  /// the same addresses (identical binaries): where it sits cannot explain a difference.
  bool placement = false;
};

struct TimeRatio {
  double estimate = 1, low = 1, high = 1;  ///< NEW/BASE of time, with its interval
};

/// `significant`: whether the suite's error control lets this comparison name a direction
/// (for a single comparison, or intervals already adjusted for the suite: true).
Verdict judge(const TimeRatio& ratio, double threshold, bool significant);

/// How precisely a sequential comparison wants a named direction's size before it stops:
/// an interval of ±5% (on the ratio's log scale), or, for a change larger than that can
/// matter, one within a quarter of the change itself (log scale: 5.09-5.90 for 5.48).
/// "Slower by 1.0-76%" names the direction, but the user cannot act on the size; pairs go
/// on, within the budget, until it is useful.
inline constexpr double kUsefulSizeHalfWidth = 0.05;
inline constexpr double kUsefulShareOfChange = 0.25;

/// The interval's half-width relative to its centre on the log scale: sqrt(high/low) - 1
/// (0.0488 for [1.01, 1.11]); infinite for an interval without a finite positive bound.
double relative_half_width(const TimeRatio& ratio);

/// Whether the interval knows the size usefully: within ±kUsefulSizeHalfWidth, or within
/// kUsefulShareOfChange of the estimated change (both on the log scale).
bool size_known(const TimeRatio& ratio);

/// Whether a sequential comparison may stop: the interval of times excludes 1 (the
/// direction is known) and the size is known (size_known), or it lies within
/// [1 - threshold, 1 + threshold] (no difference that matters). A stop of the first kind
/// may leave the threshold statement undecided.
bool answer_known(const TimeRatio& ratio, double threshold);

}  // namespace tare::compare
