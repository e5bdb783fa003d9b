// The sustainable procedure on real trials (stream/trials/sustainable_trials.hpp): the settings it
// takes from the probe trial, how a search trial differs from a run's, that each trial is
// built for the rate the procedure asks, and the warnings kept for the confirmation.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "stream/trials/sustainable_trials.hpp"

namespace tare::stream {
namespace {

TrialSettings probe_trial_settings() {
  TrialSettings settings;
  settings.driver.duration_ns = 10'000'000'000;
  settings.driver.warmup_ns = 2'000'000'000;
  settings.driver.rules.backlog_slope_fraction = 0.02;
  return settings;
}

TEST(SustainableTrials, TheProceduresSettingsFollowFromTheProbeTrial) {
  TrialSettings probe = probe_trial_settings();
  const SustainableSettings external = sustainable_settings(probe, 80'000);
  EXPECT_EQ(external.probe_rate, 80'000);
  EXPECT_EQ(external.slack, 0.02);
  EXPECT_EQ(external.busiest_share, 0) << "unknown for a SUT of the user's";
  EXPECT_DOUBLE_EQ(external.measured_window_s, 8.0);

  SutOptions model;
  model.workers = 2;
  model.cost_ns = 50'000;
  probe.model_sut = model;
  const SustainableSettings with_model = sustainable_settings(probe, 80'000);
  const auto capacity = model_capacity_of(probe);
  ASSERT_TRUE(capacity.has_value());
  EXPECT_GT(with_model.busiest_share, 0.5);
  EXPECT_EQ(with_model.busiest_share, capacity->busiest_share);
}

TEST(SustainableTrials, ASearchTrialNeitherDrainsNorKeepsOutputs) {
  TrialSettings settings = probe_trial_settings();
  settings.sut_command = {"tare", "stream", "sut"};
  const TrialSettings search = as_search_trial(settings);
  EXPECT_FALSE(search.driver.drain);
  EXPECT_FALSE(search.driver.keep_outputs);
  EXPECT_EQ(search.driver.duration_ns, settings.driver.duration_ns);
  EXPECT_EQ(search.sut_command, settings.sut_command);
}

class TrialRanCounter : public SustainableRunObserver {
 public:
  void trial_ran(const TrialOutcome&) override { ++trials_ran; }
  int trials_ran = 0;
};

TEST(SustainableTrials, EachTrialIsBuiltForTheRateAskedAndASutThatFailsStopsTheSearch) {
  std::vector<double> rates_asked;
  const auto settings_at = [&](double rate) {
    rates_asked.push_back(rate);
    TrialSettings settings = probe_trial_settings();
    settings.sut_command = {"/bin/sh", "-c", "exit 3"};
    return settings;
  };
  TrialRanCounter observer;
  EXPECT_THROW(run_sustainable_search(sustainable_settings(probe_trial_settings(), 40'000), settings_at, observer),
               std::runtime_error);
  EXPECT_EQ(rates_asked, std::vector<double>{40'000}) << "the probe first, and nothing after the failure";
  EXPECT_EQ(observer.trials_ran, 0);
}

TEST(SustainableTrials, NoConfirmationNoWarnings) {
  SustainableReport report;
  report.status = SustainableStatus::none_sustainable;
  EXPECT_TRUE(confirmation_warnings(report, 10'000'000).empty());
}

}  // namespace
}  // namespace tare::stream
