// One trial with its SUT (stream/trials/trial.hpp) and the checks of a fixed-rate run
// (stream/trials/checked_trial.hpp): against a model SUT already listening (on a thread here), or a
// SUT command that fails to start; the model SUT's capacity from the trial's settings; when
// a run counts as failed.
#include <gtest/gtest.h>

#include <cstdint>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>

#include "stream/trials/checked_trial.hpp"
#include "stream/suts/model_sut.hpp"
#include "stream/trials/trial.hpp"

namespace tare::stream {
namespace {

constexpr std::int64_t kTrialMs = 1'000'000;  // in ns

// The model SUT serving one run on its own thread.
class ThreadedModelSut {
 public:
  ThreadedModelSut() {
    std::promise<Address> listening;
    std::future<Address> address = listening.get_future();
    thread_ = std::thread([listening = std::move(listening)]() mutable {
      try {
        run_model_sut(SutOptions{}, [&](const Address& a) { listening.set_value(a); }, [](const std::string&) {});
      } catch (...) {
        listening.set_exception(std::current_exception());
      }
    });
    address_ = address.get();
  }
  ~ThreadedModelSut() { thread_.join(); }
  const Address& address() const { return address_; }

 private:
  std::thread thread_;
  Address address_;
};

// A short aggregate trial at 2k events/s: little work, every output kept for the oracle.
TrialSettings short_trial() {
  TrialSettings settings;
  settings.driver.run = RunDescription{1, Query::aggregate, WindowSpec{50 * kTrialMs, 50 * kTrialMs}};
  settings.driver.workload.products.n = 20;
  settings.driver.workload.rate = RateSchedule::constant(2'000);
  settings.driver.duration_ns = 400 * kTrialMs;
  settings.driver.warmup_ns = 100 * kTrialMs;
  settings.driver.interval_ns = 50 * kTrialMs;
  settings.driver.sample_ns = 50 * kTrialMs;
  settings.driver.realtime = false;
  return settings;
}

class CountingWatcher : public TrialWatcher {
 public:
  void progress(const BacklogSample&, std::uint64_t) override { ++progress_calls; }
  void driver_done() override { ++done_calls; }
  int progress_calls = 0;
  int done_calls = 0;
};

TEST(TrialWithSut, RunsAgainstARunningSutAndChecksItsOutputs) {
  ThreadedModelSut sut;
  TrialSettings settings = short_trial();
  settings.sut = sut.address();
  CountingWatcher watcher;
  const CheckedTrial checked = run_checked_trial(settings, &watcher);
  const TrialResult& result = checked.outcome.result;
  ASSERT_TRUE(result.complete) << result.incomplete_reason;
  EXPECT_EQ(result.generated, 800u);
  EXPECT_GT(result.outputs, 0u);
  EXPECT_TRUE(checked.outcome.sut_messages.empty()) << "nothing was started, so nothing was heard";
  EXPECT_FALSE(checked.outcome.sut_messages_matter());
  EXPECT_EQ(checked.verification.status, VerificationStatus::match) << checked.verification.message;
  EXPECT_FALSE(checked.failed());
  EXPECT_EQ(watcher.done_calls, 1);
}

TEST(TrialWithSut, ASutCommandThatNeverListensIsAnError) {
  TrialSettings settings = short_trial();
  settings.sut_command = {"/bin/sh", "-c", "echo not a SUT"};
  CountingWatcher watcher;
  try {
    run_trial_with_sut(settings, &watcher);
    ADD_FAILURE() << "ran";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("the embedded SUT exited before listening: not a SUT", 0), 0u) << e.what();
  }
  EXPECT_EQ(watcher.progress_calls + watcher.done_calls, 0) << "no trial ran";
}

TEST(TrialWithSut, TheModelSutsCapacityIsKnownOnlyForTheModelSut) {
  TrialSettings settings = short_trial();
  EXPECT_FALSE(model_capacity_of(settings).has_value());
  SutOptions model;
  model.workers = 2;
  model.cost_ns = 100'000;
  settings.model_sut = model;
  const auto capacity = model_capacity_of(settings);
  ASSERT_TRUE(capacity.has_value());
  const SutCapacity expected = model_capacity(2, 100'000, Query::aggregate, settings.driver.workload);
  EXPECT_DOUBLE_EQ(capacity->events_per_s, expected.events_per_s);
  EXPECT_DOUBLE_EQ(capacity->busiest_share, expected.busiest_share);
}

TEST(CheckedTrial, FailsWhenItBrokeOffOrItsResultsDifferNeverForItsVerdict) {
  CheckedTrial checked;
  checked.outcome.result.complete = true;
  checked.outcome.result.verdict.verdict = Verdict::unsustainable;
  checked.verification.status = VerificationStatus::match;
  EXPECT_FALSE(checked.failed());
  checked.verification.status = VerificationStatus::skipped;
  EXPECT_FALSE(checked.failed());
  checked.verification.status = VerificationStatus::mismatch;
  EXPECT_TRUE(checked.failed());
  checked.verification.status = VerificationStatus::match;
  checked.outcome.result.complete = false;
  EXPECT_TRUE(checked.failed());
}

TEST(CheckedTrial, WhatTheSutSaidMattersOnlyWhenTheTrialBrokeOff) {
  TrialOutcome outcome;
  outcome.result.complete = false;
  EXPECT_FALSE(outcome.sut_messages_matter()) << "it said nothing";
  outcome.sut_messages = "out of memory\n";
  EXPECT_TRUE(outcome.sut_messages_matter());
  outcome.result.complete = true;
  EXPECT_FALSE(outcome.sut_messages_matter());
}

}  // namespace
}  // namespace tare::stream
