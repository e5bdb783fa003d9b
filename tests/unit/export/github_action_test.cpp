// github-action-benchmark's custom format: one direction per file, the interval as range.
#include "export/github_action.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "export_runs.hpp"

namespace tare::exports {
namespace {

nlohmann::ordered_json action_of(const results::Run& run, Better better) {
  std::ostringstream out;
  write_github_action(run, better, out);
  return nlohmann::ordered_json::parse(out.str());
}

TEST(GithubActionExport, SmallerIsBetterHoldsTheTimesPerOperation) {
  const nlohmann::ordered_json expected = nlohmann::ordered_json::array(
      {{{"name", "lookup.binary/size=1024"},
        {"unit", "ns/op"},
        {"value", 11.5},
        {"range", "± 1.000 (95%, this run only)"},
        {"extra", "95% CI, this run only: [10.50, 12.50] ns/op\nforks: 2\nwarning: bimodal distribution"}}});
  EXPECT_EQ(action_of(testing::export_run(), Better::smaller), expected);
}

TEST(GithubActionExport, BiggerIsBetterHoldsTheThroughputs) {
  const nlohmann::ordered_json expected = nlohmann::ordered_json::array(
      {{{"name", "modes.rate"},
        {"unit", "ops/s"},
        {"value", 2e6},
        {"range", "± 150000 (95%, this run only)"},
        {"extra", "95% CI, this run only: [1900000, 2200000] ops/s\nforks: 2\nthreads: 2"}}});
  EXPECT_EQ(action_of(testing::export_run(), Better::bigger), expected);
}

// Where the machine's speed between runs is known, the interval across runs, named so.
TEST(GithubActionExport, TheIntervalAcrossRunsWhenKnown) {
  results::Run run = testing::export_run();
  run.benchmarks[0].ci_across_runs = results::Interval{0.95, 10, 13};
  const auto action = action_of(run, Better::smaller);
  EXPECT_EQ(action[0]["range"], "± 1.500 (95%, across runs)");
  EXPECT_EQ(action[0]["extra"], "95% CI, across runs: [10.00, 13.00] ns/op\nforks: 2\nwarning: bimodal distribution");
}

TEST(GithubActionExport, TheRunsDirectionIsKnownOnlyWhenItHasOne) {
  results::Run run = testing::export_run();
  EXPECT_FALSE(single_direction(run));  // a time per operation and a throughput
  run.benchmarks.erase(run.benchmarks.begin());
  EXPECT_EQ(single_direction(run), Better::bigger);
  run.benchmarks.erase(run.benchmarks.begin());
  EXPECT_EQ(single_direction(run), Better::smaller);  // nothing to export: either will do
}

TEST(GithubActionExport, RangesHaveFourSignificantDigitsAndNoExponent) {
  EXPECT_EQ(four_significant(8.22157345838603), "8.222");
  EXPECT_EQ(four_significant(150000), "150000");
  EXPECT_EQ(four_significant(0.000123456), "0.0001235");
  EXPECT_EQ(four_significant(-5.5636), "-5.564");
  EXPECT_EQ(four_significant(0), "0");
}

}  // namespace
}  // namespace tare::exports
