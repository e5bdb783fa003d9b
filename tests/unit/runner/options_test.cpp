#include "runner/options.hpp"

#include <gtest/gtest.h>

using tare::runner::parse_options;
using tare::runner::parse_param_override;
using tare::runner::UsageError;

namespace {
std::optional<tare::runner::RunOptions> parse(std::vector<std::string> args) {
  args.insert(args.begin(), "bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_options(static_cast<int>(argv.size()), argv.data());
}
}  // namespace

TEST(Options, DefaultsAreFastAndRigorous) {
  const auto o = parse({});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->min_forks, 5);
  EXPECT_DOUBLE_EQ(o->target_ci_percent, 1);
  EXPECT_FALSE(o->seed);
}

TEST(Options, ParamOverridesSplitOnCommas) {
  const auto [name, values] = parse_param_override("size=16,1024");
  EXPECT_EQ(name, "size");
  EXPECT_EQ(values, (std::vector<std::string>{"16", "1024"}));
  EXPECT_THROW(parse_param_override("size"), UsageError);
  EXPECT_THROW(parse_param_override("=3"), UsageError);
  EXPECT_THROW(parse_param_override("size=1,,2"), UsageError);
}

TEST(Options, ReadsEveryContractOption) {
  const auto o = parse({"--forks", "7", "--max-forks", "9", "--param", "size=1,2", "--threads", "1,4", "--mode", "thrpt",
                        "--budget", "2.5", "--target-ci", "0.5%", "--json", "r.json", "--csv", "r.csv", "--seed", "42",
                        "--filter", "lookup"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->min_forks, 7);
  EXPECT_EQ(o->max_forks, 9);
  EXPECT_EQ(o->overrides.params.size(), 1u);
  EXPECT_EQ(*o->overrides.threads, (std::vector<int>{1, 4}));
  EXPECT_EQ(*o->overrides.mode, tare::Mode::thrpt);
  EXPECT_DOUBLE_EQ(o->budget_seconds, 2.5);
  EXPECT_DOUBLE_EQ(o->target_ci_percent, 0.5);
  EXPECT_EQ(o->json_path, "r.json");
  EXPECT_EQ(o->csv_path, "r.csv");
  EXPECT_EQ(*o->seed, 42u);
  EXPECT_EQ(*o->filter, "lookup");
}

TEST(Options, RejectsBadInputWithAUsageError) {
  EXPECT_THROW(parse({"--bogus"}), UsageError);
  EXPECT_THROW(parse({"--mode", "fastest"}), UsageError);
  EXPECT_THROW(parse({"--threads", "two"}), UsageError);
  EXPECT_THROW(parse({"--target-ci", "0"}), UsageError);
  EXPECT_THROW(parse({"--forks", "5", "--max-forks", "3"}), UsageError);
  EXPECT_THROW(parse({"--param", "a=1", "--param", "a=2"}), UsageError);
}
