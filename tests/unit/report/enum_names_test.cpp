// The names the JSON and the console give the results model's enums, as the schema has them
// (that every value has one that reads back: enum_table_test).
#include "report/enum_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using tare::results::SteadyClass;
using tare::results::StopReason;

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
  EXPECT_FALSE(tare::report::parse_steady_class("no-steady-state"));
}

TEST(EnumNames, StopReasonsKeepTheSchemasNames) {
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::none), "");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::target_ci), "target-ci");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::max_forks), "max-forks");
  EXPECT_STREQ(tare::report::stop_reason_name(StopReason::in_progress), "in progress");
  EXPECT_FALSE(tare::report::parse_stop_reason("single-shot"));
}

TEST(EnumNames, SpreadSourcesKeepTheSchemasNames) {
  EXPECT_STREQ(tare::report::spread_source_name(tare::results::SpreadSource::machine_speed), "machine speed");
  EXPECT_STREQ(tare::report::spread_source_name(tare::results::SpreadSource::shrunk), "shrunk");
  EXPECT_STREQ(tare::report::spread_source_name(tare::results::SpreadSource::own_history), "own history");
  EXPECT_FALSE(tare::report::parse_spread_source("own-history"));
}

TEST(EnumNames, ProfilersKeepTheirNamesInTheMessagesOrder) {
  EXPECT_STREQ(tare::report::profiler_name(tare::results::Profiler::disassembly), "asm");
  EXPECT_EQ(tare::report::profiler_names(), "rusage, alloc, perf, instructions, asm");
  EXPECT_FALSE(tare::report::parse_profiler("disassembly"));
}

}  // namespace

TEST(EnumNames, SystemChecksAndReadinessKeepTheSchemasNames) {
  using tare::results::Readiness;
  using tare::results::SystemCheck;
  EXPECT_STREQ(tare::report::system_check_name(SystemCheck::transparent_hugepages), "transparent_hugepages");
  EXPECT_STREQ(tare::report::system_check_name(SystemCheck::perf_events), "perf_events");
  EXPECT_EQ(tare::report::parse_system_check("isolation"), SystemCheck::isolation);
  EXPECT_FALSE(tare::report::parse_system_check("hugepages"));
  EXPECT_STREQ(tare::report::readiness_name(Readiness::attention), "attention");
  EXPECT_EQ(tare::report::parse_readiness("unknown"), Readiness::unknown);
  EXPECT_FALSE(tare::report::parse_readiness("ok"));
}
