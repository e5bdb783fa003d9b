// How many invocations make one sample: enough that the clock's resolution and the cost of
// reading it are below 0.1% of the sample, grown geometrically from one.
#pragma once

#include <cstdint>
#include <optional>

namespace tare::runner {

/// The sample duration to aim for: 1000x the clock's resolution plus read cost, and at
/// least 1 ms (shorter samples mostly measure the harness's own rhythm), at most 100 ms.
double target_sample_ns(double clock_resolution_ns, double clock_overhead_ns);

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

}  // namespace tare::runner
