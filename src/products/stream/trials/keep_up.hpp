// Whether the driver kept up with its own schedule, and if not by how much. An open-loop
// driver that falls behind offers less than the schedule says and stamps events late, so
// every figure of the run understates the load: the run's output must say so, in numbers.
//
// Kept up means: over the measured window it generated at least `min_share` of the events
// the schedule offered, and its lateness p99 stayed within `max_lateness_p99_ns`. Delivery
// (events the SUT took) is reported beside it but does not count against the driver: the
// SUT pulls, and a SUT that takes less is what the backlog verdict is about.
#pragma once

#include <cstdint>
#include <string>

#include "stream/driver/driver.hpp"

namespace tare::stream {

struct KeepUp {
  double offered = 0;     ///< events/s the schedule offered over the measured window
  double generated = 0;   ///< events/s the driver generated (NaN when too short to tell)
  double delivered = 0;   ///< events/s the SUT took
  std::int64_t lateness_p50_ns = 0, lateness_p99_ns = 0;
  double max_lateness_p99_ns = 0;
  bool rate_kept = false;      ///< generated >= min_share * offered
  bool lateness_kept = false;  ///< lateness p99 <= max_lateness_p99_ns
  bool kept_up() const noexcept { return rate_kept && lateness_kept; }
};

inline constexpr double kKeepUpShare = 0.99;

KeepUp keep_up_of(const TrialResult& trial, double max_lateness_p99_ns, double min_share = kKeepUpShare);

/// "" when the driver kept up; otherwise one line naming by how much it did not, e.g. "the
/// driver did not keep up: generated 7.32M/s of 10M/s offered (73.2%); lateness p99 717 ms
/// (limit 5 ms)".
std::string keep_up_warning(const KeepUp& k);

}  // namespace tare::stream
