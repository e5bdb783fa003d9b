#include "stream/trials/checked_trial.hpp"

#include <utility>

#include "stream/trials/latency_warnings.hpp"

namespace tare::stream {

bool CheckedTrial::failed() const {
  return !outcome.result.complete || verification.status == VerificationStatus::mismatch;
}

CheckedTrial check_trial(const DriverOptions& options, TrialOutcome outcome) {
  CheckedTrial checked;
  checked.verification = verify_trial(options, outcome.result);
  checked.warnings = latency_warnings(outcome.result, output_window_ns(options.run));
  checked.outcome = std::move(outcome);
  return checked;
}

CheckedTrial run_checked_trial(const TrialSettings& settings, TrialWatcher* watcher) {
  return check_trial(settings.driver, run_trial_with_sut(settings, watcher));
}

}  // namespace tare::stream
