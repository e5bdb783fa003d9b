#include "compare/ratio_verdict.hpp"

#include <cmath>
#include <limits>

namespace tare::compare {
namespace {

bool within_band(const TimeRatio& r, double threshold) { return r.low >= 1 - threshold && r.high <= 1 + threshold; }

// A two-sided 95% interval is estimate ± 1.96 SE on the log scale; a true change of
// (1.96 + 0.84) SE puts the interval beyond 1 with probability 80%.
double detectable_change(const TimeRatio& r) {
  constexpr double kPowerFactor = (1.959964 + 0.841621) / 1.959964;
  const double half_width = (std::log(r.high) - std::log(r.low)) / 2;
  if (!std::isfinite(half_width)) return std::numeric_limits<double>::quiet_NaN();
  return std::exp(kPowerFactor * half_width) - 1;
}

}  // namespace

Verdict judge(const TimeRatio& r, double threshold, bool significant) {
  Verdict v;
  if (significant && r.low > 1) v.direction = Direction::slower;
  else if (significant && r.high < 1) v.direction = Direction::faster;
  switch (v.direction) {
    case Direction::slower:
      v.against_threshold = r.low > 1 + threshold    ? AgainstThreshold::beyond
                            : r.high <= 1 + threshold ? AgainstThreshold::within
                                                      : AgainstThreshold::undecided;
      v.fails_gate = r.estimate > 1 + threshold;
      break;
    case Direction::faster:
      v.against_threshold = r.high < 1 - threshold  ? AgainstThreshold::beyond
                            : r.low >= 1 - threshold ? AgainstThreshold::within
                                                     : AgainstThreshold::undecided;
      break;
    case Direction::none:
      v.against_threshold = within_band(r, threshold) ? AgainstThreshold::within : AgainstThreshold::undecided;
      v.detectable = detectable_change(r);
      break;
  }
  if (v.direction != Direction::none) v.detectable = std::numeric_limits<double>::quiet_NaN();
  return v;
}

double relative_half_width(const TimeRatio& r) {
  if (!(r.low > 0) || !std::isfinite(r.high)) return std::numeric_limits<double>::infinity();
  return std::sqrt(r.high / r.low) - 1;
}

bool size_known(const TimeRatio& r) {
  const double half_width = relative_half_width(r);
  if (half_width <= kUsefulSizeHalfWidth) return true;
  return r.estimate > 0 && std::log1p(half_width) <= kUsefulShareOfChange * std::fabs(std::log(r.estimate));
}

bool answer_known(const TimeRatio& r, double threshold) {
  const bool direction_known = r.low > 1 || r.high < 1;
  return (direction_known && size_known(r)) || within_band(r, threshold);
}

}  // namespace tare::compare
