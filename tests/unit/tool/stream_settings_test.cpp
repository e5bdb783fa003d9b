#include "tools/tare/stream_settings.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "input/usage_error.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

TEST(StreamSettings, WithoutSutTheModelSutIsStartedWithTheSameKnobs) {
  LoadArgs load;
  load.knobs.workers = 2;
  load.knobs.cost = "20us";
  load.knobs.allowed_lateness = "50ms";
  const auto settings = trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
  ASSERT_TRUE(settings.model_sut.has_value());
  EXPECT_EQ(settings.model_sut->workers, 2u);
  EXPECT_EQ(settings.model_sut->cost_ns, 20'000);
  const std::vector<std::string> expected{"/bin/tare",   "stream", "sut",           "--listen", "127.0.0.1:0",
                                          "--workers",   "2",      "--cost",        "20us",     "--stall-every",
                                          "0",           "--stall", "0",            "--slow-start", "0",
                                          "--slow-factor", "1",    "--credit",      "1024",
                                          "--allowed-lateness", "50ms"};
  EXPECT_EQ(settings.sut_command, expected);
  EXPECT_EQ(settings.model_sut->allowed_lateness_ns, 50'000'000);
  EXPECT_EQ(settings.driver.allowed_lateness_ns, 50'000'000) << "the oracle knows the SUT's lateness";
}

TEST(StreamSettings, WithSutNothingIsStarted) {
  LoadArgs load;
  load.sut = "127.0.0.1:4000";
  const auto settings = trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
  EXPECT_FALSE(settings.model_sut.has_value());
  EXPECT_TRUE(settings.sut_command.empty());
  EXPECT_EQ(settings.sut.text(), "127.0.0.1:4000");
  EXPECT_EQ(settings.driver.stop, &stream_stop_flag()) << "Ctrl-C reaches the trial";
}

TEST(StreamSettings, BadKnobsAreUsageErrorsNamingTheOption) {
  LoadArgs load;
  load.knobs.cost = "fast";
  try {
    trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--sut-cost"), std::string::npos) << e.what();
  }
}

TEST(StreamSettings, DisorderIsAFractionAndADelay) {
  LoadArgs load;
  load.disorder = "0.25:40ms";
  const auto settings = trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
  EXPECT_EQ(settings.driver.workload.disorder.fraction, 0.25);
  EXPECT_EQ(settings.driver.workload.disorder.max_delay_ns, 40'000'000);
  EXPECT_FALSE(trial_settings(LoadArgs{}, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare")
                   .driver.workload.disorder.active());
  for (const char* bad : {"1.5:10ms", "-0.1:10ms", "0.5:-1ms", "0.5", "half:10ms", "0.5:soon"}) {
    load.disorder = bad;
    try {
      trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
      ADD_FAILURE() << bad << " accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--disorder"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tare::tool
