#include "stream/trials/sustainable_trials.hpp"

#include <utility>

#include "stream/trials/latency_warnings.hpp"

namespace tare::stream {

SustainableSettings sustainable_settings(const TrialSettings& probe_trial, double probe_rate) {
  const DriverOptions& driver = probe_trial.driver;
  SustainableSettings settings;
  settings.probe_rate = probe_rate;
  settings.slack = driver.rules.backlog_slope_fraction;
  const auto capacity = model_capacity_of(probe_trial);
  settings.busiest_share = capacity ? capacity->busiest_share : 0;
  settings.measured_window_s = static_cast<double>(driver.duration_ns - driver.warmup_ns) / 1e9;
  return settings;
}

TrialSettings as_search_trial(TrialSettings settings) {
  settings.driver.drain = false;
  settings.driver.keep_outputs = false;
  settings.driver.cooldown_ns = 0;  // nothing is checked, and the verdict's window ends with the schedule
  return settings;
}

SustainableReport run_sustainable_search(const SustainableSettings& settings, const TrialSettingsAtRate& settings_at,
                                         SustainableRunObserver& observer) {
  const auto run_search_trial = [&](const std::string&, double rate) {
    TrialOutcome outcome = run_trial_with_sut(as_search_trial(settings_at(rate)));
    observer.trial_ran(outcome);
    return std::move(outcome.result);
  };
  return find_sustainable_rate(settings, run_search_trial, observer);
}

std::vector<std::string> confirmation_warnings(const SustainableReport& report, std::int64_t window_size_ns) {
  if (!report.confirmation) return {};
  return latency_warnings(report.confirmation->at_fraction.result, window_size_ns);
}

}  // namespace tare::stream
