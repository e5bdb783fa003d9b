// Whether a finished trial's outputs are the right ones: when the run allows the check (it
// completed and drained, every output was kept, not too many events to generate again), the
// events are regenerated from the seed and the outputs compared with the oracle's
// (stream/trials/verify.hpp); otherwise why it was skipped.
#pragma once

#include <cstddef>
#include <string>

#include "stream/driver/driver.hpp"
#include "stream/workload/lateness.hpp"

namespace tare::stream {

enum class VerificationStatus { skipped, match, mismatch };
/// "skipped", "match", "mismatch" (the JSON's words).
const char* verification_status_name(VerificationStatus status);

struct Verification {
  VerificationStatus status = VerificationStatus::skipped;
  std::string message;  ///< the first difference, or why it was skipped
  std::size_t expected_results = 0;
  /// Whether the workload had disorder and the query windows (then `late` is meaningful).
  bool counted_late = false;
  /// Late events the oracle predicts the SUT accepted and dropped (lateness.hpp), over all
  /// sources: exact, since each source's order is.
  LateCounts late;
};

/// The trial's outputs against the oracle, with the options it ran with.
Verification verify_trial(const DriverOptions& options, const TrialResult& trial);

}  // namespace tare::stream
