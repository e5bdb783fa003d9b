// The results model's enums and the names the JSON and the console give them.
#include "report/enum_names.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using tare::results::SteadyClass;
using tare::results::StopReason;

const std::vector<SteadyClass> kSteadyClasses = {SteadyClass::flat,      SteadyClass::warmup,
                                                 SteadyClass::slowdown,  SteadyClass::no_steady_state,
                                                 SteadyClass::unchecked, SteadyClass::single_shot};
const std::vector<StopReason> kStopReasons = {StopReason::none,      StopReason::target_ci,  StopReason::budget,
                                              StopReason::max_forks, StopReason::failed,     StopReason::skipped,
                                              StopReason::interrupted, StopReason::in_progress};

TEST(EnumNames, ModesKeepJmhsNamesAndUnits) {
  using tare::Mode;
  const std::vector<std::pair<Mode, std::string>> modes = {
      {Mode::avgt, "avgt"}, {Mode::thrpt, "thrpt"}, {Mode::sample, "sample"}, {Mode::ss, "ss"}};
  ASSERT_FALSE(modes.empty());
  for (const auto& [mode, name] : modes) {
    EXPECT_EQ(tare::report::mode_name(mode), name);
    EXPECT_EQ(tare::report::parse_mode(name), mode);
  }
  EXPECT_FALSE(tare::report::parse_mode("average"));
  EXPECT_FALSE(tare::report::parse_mode(""));
  EXPECT_STREQ(tare::report::mode_unit(Mode::thrpt), "ops/s");
  EXPECT_STREQ(tare::report::mode_unit(Mode::ss), "ns/op");
}

TEST(EnumNames, SteadyClassesKeepTheSchemasNames) {
  EXPECT_STREQ(tare::report::steady_class_name(SteadyClass::flat), "flat");
  EXPECT_STREQ(tare::report::steady_class_name(SteadyClass::no_steady_state), "no steady state");
  EXPECT_STREQ(tare::report::steady_class_name(SteadyClass::single_shot), "single shot");
  ASSERT_FALSE(kSteadyClasses.empty());
  std::set<std::string> names;
  for (const auto c : kSteadyClasses) {
    names.insert(tare::report::steady_class_name(c));
    EXPECT_EQ(tare::report::parse_steady_class(tare::report::steady_class_name(c)), c);
  }
  EXPECT_EQ(names.size(), kSteadyClasses.size());
  EXPECT_FALSE(tare::report::parse_steady_class("no-steady-state"));
}

TEST(EnumNames, StopReasonsKeepTheSchemasNames) {
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::none), "");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::target_ci), "target-ci");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::max_forks), "max-forks");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::in_progress), "in progress");
  ASSERT_FALSE(kStopReasons.empty());
  std::set<std::string> names;
  for (const auto r : kStopReasons) {
    names.insert(tare::report::stop_reason_name(r));
    EXPECT_EQ(tare::report::parse_stop_reason(tare::report::stop_reason_name(r)), r);
  }
  EXPECT_EQ(names.size(), kStopReasons.size());
  EXPECT_FALSE(tare::report::parse_stop_reason("single-shot"));
}

}  // namespace
