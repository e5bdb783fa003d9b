// `tare stream run`'s trial and what is known of it once it ran: its outputs checked against
// the oracle (stream/trials/trial_verification.hpp), the warnings on its latencies
// (stream/trials/latency_warnings.hpp), and whether the run failed.
#pragma once

#include <string>
#include <vector>

#include "stream/trials/trial.hpp"
#include "stream/trials/trial_verification.hpp"

namespace tare::stream {

struct CheckedTrial {
  TrialOutcome outcome;
  Verification verification;
  std::vector<std::string> warnings;
  /// A run that broke off, or results that differ from the oracle. The verdict is a
  /// finding about the SUT, not a failure of the run.
  bool failed() const;
};

/// Runs the trial (stream/trials/trial.hpp), then checks it.
CheckedTrial run_checked_trial(const TrialSettings& settings, TrialWatcher* watcher = nullptr);

/// The checks of a trial that ran with `options`.
CheckedTrial check_trial(const DriverOptions& options, TrialOutcome outcome);

}  // namespace tare::stream
