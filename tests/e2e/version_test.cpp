// --version and --help name the program as the user calls it and the tare it was built on.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "command.hpp"

using tare_e2e::run_command;

namespace {

TEST(Version, TheTareCommandSaysItsVersionAndExitsZero) {
  const auto result = run_command({tare_e2e::kTare, "--version"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::regex_match(result.out, std::regex(R"(tare \d+\.\d+\.\d+\n)"))) << result.out;
}

TEST(Version, ABenchmarkBinarySaysItsNameAndTheTareItRunsOn) {
  const auto result = run_command({tare_e2e::kBench, "--version"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::regex_match(result.out, std::regex(R"(tare_e2e_bench: benchmarks on tare \d+\.\d+\.\d+\n)")))
      << result.out;
}

TEST(Version, HelpNamesTheProgramWithoutItsPath) {
  const auto result = run_command({tare_e2e::kBench, "--help"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Usage: tare_e2e_bench [OPTIONS]"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--version"), std::string::npos) << result.out;
}

}  // namespace
