#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "report/csv.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

std::vector<std::string> csv_lines(const results::Run& run) {
  std::ostringstream out;
  write_csv(run, out);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Assigning a short literal to a fresh Benchmark's name trips GCC 12's false -Wrestrict
// (PR 105329) at -O3; moving a std::string in does not.
results::Benchmark named(std::string name) {
  results::Benchmark b;
  b.name = std::move(name);
  return b;
}

constexpr const char* kHeader =
    "name,family,mode,unit,threads,status,score,ci_low,ci_high,ci_level,ci_scope,median,forks,samples,"
    "between_fork_variance,within_fork_variance,steady_state,outlier_effect,warnings";

TEST(Csv, HeaderOnlyForAnEmptyRun) {
  EXPECT_EQ(csv_lines(results::Run{}), std::vector<std::string>{kHeader});
}

TEST(Csv, OneRowPerBenchmarkWithCounterColumns) {
  const auto lines = csv_lines(testing::full_run());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], std::string(kHeader) + ",counter:valid,counter:invalid");
  // One good fork (the other failed) with 3 measured samples; the interval across runs,
  // which every output shows when the machine's speed between runs is known, named.
  EXPECT_EQ(lines[1],
            "parse/invalid_percent=10/text=中文,parse,sample,ns/op,2,ok,12.28125,11.5,13,0.95,across runs,12.3,1,3,0.01,"
            "0.02,good inconsistent,moderate,unclassified,0.9,0.1");
  // A failed benchmark: no estimates, no good forks, no counters.
  EXPECT_EQ(lines[2], "lookup.linear/size=16,lookup.linear,thrpt,ops/s,1,failed,,,,,,,0,0,,,,,,,");
}

TEST(Csv, WithoutTheMachinesSpeedBetweenRunsTheIntervalIsThisRunsOnly) {
  results::Run run = testing::full_run();
  run.benchmarks.resize(1);
  run.benchmarks[0].ci_across_runs.reset();
  EXPECT_THAT(csv_lines(run)[1], ::testing::HasSubstr(",ok,12.28125,12.1,12.5,0.95,this run only,12.3,"));
}

TEST(Csv, QuotesFieldsPerRfc4180) {
  results::Run run;
  results::Benchmark b = named("quote/s=a,b");
  b.family = "say \"hi\"";
  b.warnings = {{results::WarningCode::unoptimised_build, results::Severity::unusable, "line one\nline two"},
                {results::WarningCode::target_not_reached, results::Severity::note, "a, b; c"}};
  b.counter_names = {"bytes,total"};
  b.counters_per_op = {4096};
  run.benchmarks = {b};
  std::ostringstream out;
  write_csv(run, out);
  EXPECT_EQ(out.str(), std::string(kHeader) + ",\"counter:bytes,total\"\n" +
                           "\"quote/s=a,b\",\"say \"\"hi\"\"\",avgt,ns/op,1,ok,,,,,,,0,0,,,,,unoptimised_build target_not_reached,4096\n");
}

// A name (a parameter's value) with bytes that are not UTF-8: the file stays
// valid UTF-8, U+FFFD for each bad byte.
TEST(Csv, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  results::Run run;
  results::Benchmark b = named("bad\xff");
  b.family = "f";
  run.benchmarks = {b};
  const auto lines = csv_lines(run);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], "bad\xEF\xBF\xBD,f,avgt,ns/op,1,ok,,,,,,,0,0,,,,,");
}

TEST(Csv, CounterColumnsAreTheUnionInFirstSeenOrder) {
  results::Run run;
  results::Benchmark a = named("a");
  a.counter_names = {"x", "y"};
  a.counters_per_op = {1, 2};
  results::Benchmark b = named("b");
  b.counter_names = {"z", "x"};
  b.counters_per_op = {3, 4.5};
  run.benchmarks = {a, b};
  const auto lines = csv_lines(run);
  EXPECT_EQ(lines[0], std::string(kHeader) + ",counter:x,counter:y,counter:z");
  EXPECT_TRUE(lines[1].ends_with(",,1,2,")) << lines[1];
  EXPECT_TRUE(lines[2].ends_with(",,4.5,,3")) << lines[2];
}

TEST(Csv, NonFiniteValuesAreEmptyCells) {
  results::Run run;
  results::Benchmark b = named("n");
  b.score = std::numeric_limits<double>::quiet_NaN();
  b.median = std::numeric_limits<double>::infinity();
  run.benchmarks = {b};
  EXPECT_EQ(csv_lines(run)[1], "n,,avgt,ns/op,1,ok,,,,,,,0,0,,,,,");
}

}  // namespace
}  // namespace tare::report
