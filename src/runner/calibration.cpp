#include "runner/calibration.hpp"

#include <algorithm>
#include <cmath>

namespace tare::runner {

double target_sample_ns(double clock_resolution_ns, double clock_overhead_ns) {
  return std::clamp(1000.0 * (clock_resolution_ns + clock_overhead_ns), 1e6, 1e8);
}

std::optional<std::uint64_t> BatchCalibrator::next(std::uint64_t invocations, double elapsed_ns) const {
  if (elapsed_ns >= target_ns_ * 2 / 3 || invocations >= max_invocations_) return std::nullopt;
  double proposal;
  if (elapsed_ns < target_ns_ / 10) {
    // Too short to extrapolate from: the reading is dominated by clock granularity.
    proposal = static_cast<double>(invocations) * 10;
  } else {
    // Aim a little past the target so the accepted batch is not just under it.
    proposal = std::ceil(static_cast<double>(invocations) * target_ns_ * 1.1 / elapsed_ns);
  }
  const auto grown = static_cast<std::uint64_t>(std::min(proposal, static_cast<double>(max_invocations_)));
  return std::max(grown, invocations + 1);
}

}  // namespace tare::runner
