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
  const auto settings = trial_settings(load, stream::RateSchedule::constant(1000), 10'000'000'000, "/bin/tare");
  ASSERT_TRUE(settings.model_sut.has_value());
  EXPECT_EQ(settings.model_sut->workers, 2u);
  EXPECT_EQ(settings.model_sut->cost_ns, 20'000);
  const std::vector<std::string> expected{"/bin/tare",   "stream", "sut",           "--listen", "127.0.0.1:0",
                                          "--workers",   "2",      "--cost",        "20us",     "--stall-every",
                                          "0",           "--stall", "0",            "--slow-start", "0",
                                          "--slow-factor", "1",    "--credit",      "1024"};
  EXPECT_EQ(settings.sut_command, expected);
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

}  // namespace
}  // namespace tare::tool
