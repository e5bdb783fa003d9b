// Tests of when a trial's outputs are checked against the oracle (trial_verification.hpp):
// each reason to skip the check, in words, and the status names the JSON carries.
#include "stream/trials/trial_verification.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tare::stream {
namespace {

TrialResult checkable_trial() {
  TrialResult t;
  t.complete = true;
  t.drained = true;
  return t;
}

void expect_skipped(const TrialResult& trial, const std::string& words) {
  const Verification v = verify_trial(DriverOptions{}, trial);
  EXPECT_EQ(v.status, VerificationStatus::skipped);
  EXPECT_NE(v.message.find(words), std::string::npos) << v.message;
}

TEST(TrialVerification, SkipsAnIncompleteRun) {
  TrialResult t = checkable_trial();
  t.complete = false;
  expect_skipped(t, "did not complete");
}

TEST(TrialVerification, SkipsARunThatLeftEventsQueued) {
  TrialResult t = checkable_trial();
  t.drained = false;
  expect_skipped(t, "still queued");
}

TEST(TrialVerification, SkipsWhenNotEveryOutputWasKept) {
  TrialResult t = checkable_trial();
  t.kept_outputs_capped = true;
  t.outputs = 12;
  expect_skipped(t, "the SUT sent 12 outputs, more than the 0 kept");
}

TEST(TrialVerification, SkipsARunTooLargeToGenerateAgain) {
  TrialResult t = checkable_trial();
  t.generated = 20'000'001;
  expect_skipped(t, "20000001 events, more than the 20000000 checked");
}

TEST(TrialVerification, StatusNamesAreTheJsonWords) {
  EXPECT_STREQ(verification_status_name(VerificationStatus::skipped), "skipped");
  EXPECT_STREQ(verification_status_name(VerificationStatus::match), "match");
  EXPECT_STREQ(verification_status_name(VerificationStatus::mismatch), "mismatch");
}

}  // namespace
}  // namespace tare::stream
