// The sustainable-throughput procedure (stream/trials/sustainable_procedure.hpp) on real trials:
// its settings from the probe trial's, each trial run with its SUT (stream/trials/trial.hpp) as a
// search trial, and the warnings on the confirmation's latencies.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "stream/trials/sustainable_procedure.hpp"
#include "stream/trials/trial.hpp"

namespace tare::stream {

/// A trial's settings at a constant rate (events/s): what the caller makes of its options
/// at that rate.
using TrialSettingsAtRate = std::function<TrialSettings(double events_per_s)>;

/// What follows from the probe trial (at probe_rate): the verdict's slack, the model SUT's
/// busiest worker's share (0 for a SUT of the user's) and the measured window of a trial.
/// The search's own settings and the repeats are left at their defaults for the caller.
SustainableSettings sustainable_settings(const TrialSettings& probe_trial, double probe_rate);

/// A search trial is judged on its backlog and latencies, not checked against the oracle:
/// it does not drain and keeps no outputs.
TrialSettings as_search_trial(TrialSettings settings);

class SustainableRunObserver : public SustainableObserver {
 public:
  /// A trial ran, before the procedure judges it (when it broke off, the procedure stops
  /// with why; what its SUT said is here).
  virtual void trial_ran(const TrialOutcome& /*outcome*/) {}
};

/// The procedure, each trial a search trial at settings_at(rate). Throws as
/// find_sustainable_rate and run_trial_with_sut do.
SustainableReport run_sustainable_search(const SustainableSettings& settings, const TrialSettingsAtRate& settings_at,
                                         SustainableRunObserver& observer);

/// The warnings on the latencies of the confirmation trial at 90% of the rate found (none
/// without a confirmation): that is the rate a user would run at.
std::vector<std::string> confirmation_warnings(const SustainableReport& report, std::int64_t window_size_ns);

}  // namespace tare::stream
