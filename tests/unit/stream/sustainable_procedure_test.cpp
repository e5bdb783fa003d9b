// Tests of the sustainable-throughput procedure (sustainable_procedure.hpp) on scripted trial
// outcomes, no processes: the probe's drain rate read from its backlog samples, a probe the
// SUT sustains, the retry of an invalid trial and the stop at a second one, an incomplete
// trial, the confirmation at the rate found and at 90% of it, and repeats combined.
#include "stream/trials/sustainable_procedure.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

namespace tare::stream {
namespace {

// An overload trial whose SUT took `taken_per_s` throughout (backlog sampled every 0.1 s).
TrialResult overload_trial(double taken_per_s) {
  TrialResult t;
  t.complete = true;
  t.verdict.verdict = Verdict::unsustainable;
  for (int i = 0; i <= 50; ++i) {
    const double t_s = 0.1 * i;
    t.backlog.push_back({t_s, static_cast<std::uint64_t>(2 * taken_per_s * t_s), static_cast<std::uint64_t>(taken_per_s * t_s)});
  }
  return t;
}

TrialResult trial_with(Verdict verdict) {
  TrialResult t;
  t.complete = true;
  t.verdict.verdict = verdict;
  return t;
}

// A SUT of known capacity: sustainable at or below it. Scripted exceptions first: outcomes
// given in `scripted` are used, in order, before the capacity rule.
class ScriptedSut {
 public:
  explicit ScriptedSut(double capacity) : capacity_(capacity) {}
  std::deque<TrialResult> scripted;
  std::vector<std::string> labels;
  std::vector<double> rates;

  TrialResult operator()(const std::string& label, double rate) {
    labels.push_back(label);
    rates.push_back(rate);
    if (labels.size() == 1) return overload_trial(capacity_);
    if (!scripted.empty()) {
      TrialResult t = std::move(scripted.front());
      scripted.pop_front();
      return t;
    }
    return trial_with(rate <= capacity_ ? Verdict::sustainable : Verdict::unsustainable);
  }

 private:
  double capacity_;
};

struct RecordingObserver : SustainableObserver {
  std::vector<std::string> done;
  int probes = 0;
  double search_low = 0, search_high = 0;
  void trial_done(const RatedTrial& t) override { done.push_back(t.label); }
  void probe_done(const RatedTrial&) override { ++probes; }
  void search_starting(double, double low, double high) override {
    search_low = low;
    search_high = high;
  }
};

SustainableSettings settings_with_probe(double probe_rate) {
  SustainableSettings s;
  s.probe_rate = probe_rate;
  s.slack = 0.01;
  s.measured_window_s = 8;
  return s;
}

SustainableReport run_procedure(const SustainableSettings& settings, ScriptedSut& sut, RecordingObserver& observer) {
  return find_sustainable_rate(settings, [&](const std::string& label, double rate) { return sut(label, rate); },
                               observer);
}

TEST(SustainableProcedure, DrainRateIsWhatTheSutTookAfterTheFirstFifth) {
  EXPECT_NEAR(drain_rate(overload_trial(10'000)), 10'000, 10);
  EXPECT_TRUE(std::isnan(drain_rate(TrialResult{})));
}

TEST(SustainableProcedure, FindsAndConfirmsTheCapacity) {
  ScriptedSut sut(10'000);
  RecordingObserver observer;
  const auto report = run_procedure(settings_with_probe(20'000), sut, observer);
  EXPECT_EQ(report.status, SustainableStatus::found);
  EXPECT_TRUE(succeeded(report));
  EXPECT_EQ(observer.probes, 1);
  EXPECT_NEAR(observer.search_low, 5'000, 5);
  EXPECT_NEAR(observer.search_high, 10'500, 11);
  ASSERT_EQ(report.repeats.size(), 1u);
  EXPECT_TRUE(report.repeats[0].converged);
  ASSERT_TRUE(report.combined.has_value());
  EXPECT_LE(report.combined->estimate, 10'000);
  EXPECT_GT(report.combined->estimate, 9'500);
  ASSERT_TRUE(report.confirmation.has_value());
  EXPECT_TRUE(report.confirmation->confirmed);
  EXPECT_DOUBLE_EQ(report.confirmation->at_fraction.rate, 0.9 * report.combined->estimate);
  ASSERT_GE(sut.labels.size(), 3u);
  EXPECT_EQ(sut.labels.front(), "probe");
  EXPECT_EQ(sut.labels[1], "trial 1.1");
  EXPECT_EQ(sut.labels[sut.labels.size() - 2], "confirm");
  EXPECT_EQ(sut.labels.back(), "confirm 90%");
  EXPECT_EQ(observer.done, sut.labels);  // every trial is reported as it ends
}

TEST(SustainableProcedure, AProbeTheSutSustainsEndsTheProcedure) {
  ScriptedSut sut(1e9);  // the probe's own outcome is scripted below
  RecordingObserver observer;
  const auto report = find_sustainable_rate(
      settings_with_probe(20'000),
      [&](const std::string& label, double rate) {
        TrialResult t = sut(label, rate);
        t.verdict.verdict = Verdict::sustainable;
        return t;
      },
      observer);
  EXPECT_EQ(report.status, SustainableStatus::probe_sustained);
  EXPECT_FALSE(succeeded(report));
  EXPECT_TRUE(report.repeats.empty());
  EXPECT_FALSE(report.confirmation.has_value());
  EXPECT_EQ(sut.labels, std::vector<std::string>{"probe"});
  EXPECT_EQ(observer.search_high, 0);  // no search started
}

TEST(SustainableProcedure, AnInvalidTrialIsRunOnceMore) {
  ScriptedSut sut(10'000);
  sut.scripted.push_back(trial_with(Verdict::invalid));  // the first search trial
  RecordingObserver observer;
  const auto report = run_procedure(settings_with_probe(20'000), sut, observer);
  EXPECT_EQ(report.status, SustainableStatus::found);
  ASSERT_GE(sut.labels.size(), 3u);
  EXPECT_EQ(sut.labels[1], "trial 1.1");
  EXPECT_EQ(sut.labels[2], "trial 1.1");  // the same trial again
  EXPECT_EQ(sut.rates[1], sut.rates[2]);
  ASSERT_FALSE(report.repeats.empty());
  ASSERT_FALSE(report.repeats[0].trials.empty());
  EXPECT_NE(report.repeats[0].trials[0].result.verdict.verdict, Verdict::invalid);  // the retry is kept
}

TEST(SustainableProcedure, TwoInvalidTrialsInARowStopTheSearch) {
  ScriptedSut sut(10'000);
  sut.scripted.push_back(trial_with(Verdict::invalid));
  sut.scripted.push_back(trial_with(Verdict::invalid));
  RecordingObserver observer;
  EXPECT_THROW(run_procedure(settings_with_probe(20'000), sut, observer), std::runtime_error);
  EXPECT_EQ(sut.labels.size(), 3u);  // the probe and the trial twice
}

// The probe drained 10k/s, so the first trial (at 7.75k/s, under 90% of it) failing
// contradicts it: it is run once more and its second verdict stands. Without the recheck
// the search would have stayed under 7.75k/s.
TEST(SustainableProcedure, AFailureWellUnderTheDrainRateIsRecheckedAndTheRecheckStands) {
  ScriptedSut sut(10'000);
  sut.scripted.push_back(trial_with(Verdict::unsustainable));  // the first search trial
  RecordingObserver observer;
  const auto report = run_procedure(settings_with_probe(20'000), sut, observer);
  ASSERT_GE(sut.labels.size(), 4u);
  EXPECT_EQ(sut.labels[1], "trial 1.1");
  EXPECT_EQ(sut.labels[2], "recheck 1.1");
  EXPECT_EQ(sut.labels[3], "trial 1.2");
  EXPECT_DOUBLE_EQ(sut.rates[1], 7'750);
  EXPECT_DOUBLE_EQ(sut.rates[2], 7'750);
  EXPECT_GT(sut.rates[3], 7'750);  // the recheck passed, so the search went up
  EXPECT_EQ(report.status, SustainableStatus::found);
  EXPECT_GE(report.repeats[0].sustainable_rate, 9'500);
  ASSERT_GE(report.repeats[0].trials.size(), 2u);
  EXPECT_EQ(report.repeats[0].trials[0].result.verdict.verdict, Verdict::unsustainable);  // both are kept
  EXPECT_EQ(report.repeats[0].trials[1].label, "recheck 1.1");
}

// A recheck that fails again stands too; a failure near the drain rate is not rechecked.
TEST(SustainableProcedure, AFailureRecheckedThatFailsAgainStandsAndNoneNearTheDrainRateIsRechecked) {
  ScriptedSut sut(6'000);  // under overload it drains 6k/s; below that every trial passes
  RecordingObserver observer;
  SustainableSettings settings = settings_with_probe(20'000);
  const auto report = run_procedure(settings, sut, observer);
  for (const auto& label : sut.labels) EXPECT_EQ(label.find("recheck"), std::string::npos) << label;
  EXPECT_EQ(report.status, SustainableStatus::found);

  ScriptedSut stubborn(10'000);
  stubborn.scripted.push_back(trial_with(Verdict::unsustainable));
  stubborn.scripted.push_back(trial_with(Verdict::unsustainable));
  const auto lower = run_procedure(settings, stubborn, observer);
  ASSERT_GE(stubborn.labels.size(), 4u);
  EXPECT_EQ(stubborn.labels[2], "recheck 1.1");
  EXPECT_LT(stubborn.rates[3], 7'750);  // the second failure stood: the search went down
  EXPECT_LT(lower.repeats[0].unsustainable_rate, 7'751);
}

TEST(SustainableProcedure, AnIncompleteTrialStopsTheProcedureWithItsReason) {
  ScriptedSut sut(10'000);
  TrialResult broken;
  broken.incomplete_reason = "the SUT closed the connection";
  sut.scripted.push_back(broken);
  RecordingObserver observer;
  try {
    run_procedure(settings_with_probe(20'000), sut, observer);
    FAIL() << "an incomplete trial must stop the procedure";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("trial 1.1 at "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("the SUT closed the connection"), std::string::npos) << e.what();
  }
}

TEST(SustainableProcedure, AFailedConfirmationIsReportedNotConfirmed) {
  ScriptedSut sut(10'000);
  RecordingObserver observer;
  // Find the rate first with a clean run, then script the same run with the confirmation failing.
  const auto clean = run_procedure(settings_with_probe(20'000), sut, observer);
  const std::size_t search_trials = sut.labels.size() - 3;  // without probe and confirmations
  ScriptedSut flaky(10'000);
  for (std::size_t i = 0; i < search_trials; ++i)
    flaky.scripted.push_back(trial_with(sut.rates[i + 1] <= 10'000 ? Verdict::sustainable : Verdict::unsustainable));
  flaky.scripted.push_back(trial_with(Verdict::unsustainable));  // confirm
  RecordingObserver observer2;
  const auto report = run_procedure(settings_with_probe(20'000), flaky, observer2);
  EXPECT_EQ(report.status, SustainableStatus::not_confirmed);
  EXPECT_FALSE(succeeded(report));
  ASSERT_TRUE(report.confirmation.has_value());
  EXPECT_FALSE(report.confirmation->confirmed);
  ASSERT_TRUE(report.combined.has_value());
  EXPECT_DOUBLE_EQ(report.combined->estimate, clean.combined->estimate);
}

TEST(SustainableProcedure, NothingSustainableWhenEveryTrialFails) {
  RecordingObserver observer;
  SustainableSettings settings = settings_with_probe(20'000);
  settings.search.max_trials = 4;
  std::vector<std::string> labels;
  const auto report = find_sustainable_rate(
      settings,
      [&](const std::string& label, double) {
        labels.push_back(label);
        return labels.size() == 1 ? overload_trial(10'000) : trial_with(Verdict::unsustainable);
      },
      observer);
  EXPECT_EQ(report.status, SustainableStatus::none_sustainable);
  EXPECT_FALSE(report.combined.has_value());
  EXPECT_FALSE(report.confirmation.has_value());
  // the probe, four search trials and the first one's recheck (which confirmed that this SUT
  // fails under its drain rate: no more rechecks), no confirmation
  EXPECT_EQ(labels.size(), 6u);
  EXPECT_EQ(labels[2], "recheck 1.1");
}

TEST(SustainableProcedure, RepeatsAreCombinedWithThePassMargin) {
  ScriptedSut sut(10'000);
  RecordingObserver observer;
  SustainableSettings settings = settings_with_probe(20'000);
  settings.repeats = 3;
  const auto report = run_procedure(settings, sut, observer);
  ASSERT_EQ(report.repeats.size(), 3u);
  for (const auto& repeat : report.repeats) {
    ASSERT_FALSE(repeat.trials.empty());
    EXPECT_EQ(repeat.trials.front().label.substr(0, 6), "trial ");
  }
  EXPECT_EQ(report.repeats[2].trials.front().label, "trial 3.1");
  ASSERT_TRUE(report.combined.has_value());
  EXPECT_EQ(report.combined->repeats, 3u);
  EXPECT_DOUBLE_EQ(report.pass_margin, pass_margin(0.01, 0, report.combined->min, 8));
}

TEST(SustainableProcedure, StatusNamesAreTheJsonWords) {
  EXPECT_STREQ(sustainable_status_name(SustainableStatus::probe_sustained), "probe sustained");
  EXPECT_STREQ(sustainable_status_name(SustainableStatus::none_sustainable), "none sustainable");
  EXPECT_STREQ(sustainable_status_name(SustainableStatus::found), "found");
  EXPECT_STREQ(sustainable_status_name(SustainableStatus::not_confirmed), "not confirmed");
}

}  // namespace
}  // namespace tare::stream
