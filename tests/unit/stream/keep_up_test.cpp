#include "stream/trials/keep_up.hpp"

#include <gtest/gtest.h>

namespace tare::stream {
namespace {

// A 2 s trial, warmup 0.5 s, sampled every 0.5 s, generating `generated_per_s` and the SUT
// taking `taken_per_s`, with every event `late_ns` late.
TrialResult keep_up_trial(double offered, std::uint64_t generated_per_s, std::uint64_t taken_per_s,
                          std::int64_t late_ns) {
  TrialResult trial;
  trial.warmup_ns = 500'000'000;
  trial.schedule_end_ns = 2'000'000'000;
  trial.offered_rate = offered;
  for (int i = 0; i <= 4; ++i)
    trial.backlog.push_back(BacklogSample{0.5 * i, generated_per_s * i / 2, taken_per_s * i / 2});
  trial.lateness.record(late_ns, 1000);
  return trial;
}

TEST(KeepUp, ADriverOnScheduleSaysNothing) {
  const KeepUp k = keep_up_of(keep_up_trial(1e6, 1'000'000, 1'000'000, 20'000), 100'000);
  EXPECT_TRUE(k.kept_up());
  EXPECT_DOUBLE_EQ(k.generated, 1e6);
  EXPECT_DOUBLE_EQ(k.delivered, 1e6);
  EXPECT_EQ(keep_up_warning(k), "");
}

TEST(KeepUp, ASlowSutIsNotTheDriversShortfall) {
  const KeepUp k = keep_up_of(keep_up_trial(1e6, 1'000'000, 400'000, 20'000), 100'000);
  EXPECT_TRUE(k.kept_up());
  EXPECT_DOUBLE_EQ(k.delivered, 4e5);
}

TEST(KeepUp, AShortfallIsNamedWithItsSize) {
  const KeepUp k = keep_up_of(keep_up_trial(1e7, 7'300'000, 7'300'000, 700'000'000), 5'000'000);
  EXPECT_FALSE(k.rate_kept);
  EXPECT_FALSE(k.lateness_kept);
  const std::string text = keep_up_warning(k);
  EXPECT_NE(text.find("generated 7.3M/s of 10M/s offered (73.0%), short by 2.7M/s"), std::string::npos) << text;
  EXPECT_NE(text.find("(limit 5 ms)"), std::string::npos) << text;
}

TEST(KeepUp, LatenessAloneIsEnoughToWarn) {
  const KeepUp k = keep_up_of(keep_up_trial(1e6, 1'000'000, 1'000'000, 300'000), 100'000);
  EXPECT_TRUE(k.rate_kept);
  EXPECT_FALSE(k.kept_up());
  EXPECT_NE(keep_up_warning(k).find("(100.0%); lateness p99 300 us (limit 100 us)"), std::string::npos)
      << keep_up_warning(k);
}

TEST(KeepUp, AnEmptyWindowIsNotCalledAShortfallNorPrintedAsNaN) {
  TrialResult trial;
  trial.schedule_end_ns = 1'000'000;
  const KeepUp k = keep_up_of(trial, 100'000);
  EXPECT_TRUE(k.kept_up());
  trial.lateness.record(1'000'000'000);
  const std::string text = keep_up_warning(keep_up_of(trial, 100'000));
  EXPECT_EQ(text.find("nan"), std::string::npos) << text;
  EXPECT_NE(text.find("generated - of 0/s offered (-)"), std::string::npos) << text;
}

}  // namespace
}  // namespace tare::stream
