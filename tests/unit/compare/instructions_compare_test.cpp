// --metric instructions: exact ratios of counted instructions per operation, verdicts
// against the threshold, repeats that disagree, and files without counts refused.
#include "compare/instructions_compare.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "input/usage_error.hpp"
#include "tools/tare/compare_output.hpp"
#include "tools/tare/metric.hpp"

namespace {

using tare::compare::Direction;

tare::results::Benchmark counted_benchmark(const std::string& name, double instructions_per_op) {
  tare::results::Benchmark b;
  b.name = name;
  b.unit = "ns/op";
  tare::results::ProfileMetric m;
  m.profiler = tare::results::Profiler::instructions;
  m.name = "instructions";
  m.unit = "/op";
  m.mean = instructions_per_op;
  m.forks = 1;
  b.profile.push_back(m);
  return b;
}

tare::results::Run counted_run_of(std::vector<tare::results::Benchmark> benchmarks) {
  tare::results::Run run;
  run.benchmarks = std::move(benchmarks);
  return run;
}

TEST(InstructionsCompare, TheRatioIsTheCountsRatioAndTheVerdictItsPlaceAgainstTheThreshold) {
  tare::compare::CompareOptions options;
  options.threshold = 0.01;
  const auto report = tare::compare::compare_instructions(
      counted_run_of({counted_benchmark("a", 102), counted_benchmark("b", 200), counted_benchmark("c", 1000)}),
      counted_run_of({counted_benchmark("a", 153), counted_benchmark("b", 200), counted_benchmark("c", 1005)}), options);
  EXPECT_EQ(report.metric, tare::compare::Metric::instructions);
  ASSERT_EQ(report.rows.size(), 3u);
  for (const auto& row : report.rows) {
    EXPECT_TRUE(row.problem.empty()) << row.problem;
    EXPECT_EQ(row.unit, tare::compare::kInstructionsUnit);
    EXPECT_EQ(row.ratio.low, row.ratio.estimate);
    EXPECT_EQ(row.ratio.high, row.ratio.estimate);
  }
  EXPECT_EQ(report.rows[0].ratio.estimate, 1.5);
  EXPECT_EQ(report.rows[0].verdict.direction, Direction::slower);
  EXPECT_TRUE(report.rows[0].verdict.fails_gate);
  EXPECT_EQ(report.rows[1].ratio.estimate, 1);
  EXPECT_EQ(report.rows[1].verdict.direction, Direction::none);
  EXPECT_EQ(report.rows[1].verdict.against_threshold, tare::compare::AgainstThreshold::within);
  // Half a percent more instructions: known, and within the 1% threshold.
  EXPECT_EQ(report.rows[2].verdict.direction, Direction::slower);
  EXPECT_EQ(report.rows[2].verdict.against_threshold, tare::compare::AgainstThreshold::within);
  EXPECT_FALSE(report.rows[2].verdict.fails_gate);
  ASSERT_TRUE(report.geomean.has_value());
  EXPECT_NEAR(report.geomean->estimate, std::cbrt(1.5 * 1.005), 1e-12);
}

TEST(InstructionsCompare, ABenchmarkCountedOnOneSideOnlyIsNotCompared) {
  tare::results::Benchmark timed_only;
  timed_only.name = "a";
  const auto report = tare::compare::compare_instructions(counted_run_of({counted_benchmark("a", 100), counted_benchmark("b", 50)}),
                                                          counted_run_of({timed_only, counted_benchmark("b", 25)}), {});
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].problem, "no instruction counts in the new run");
  EXPECT_EQ(report.rows[1].ratio.estimate, 0.5);
  EXPECT_EQ(report.rows[1].verdict.direction, Direction::faster);
}

TEST(InstructionsCompare, RepeatsThatDisagreeSpanTheirPairingsAndSaySo) {
  std::string note;
  const auto row = tare::compare::instructions_row("a", {100, 100}, {110, 120}, note);
  EXPECT_EQ(row.ratio.estimate, 1.15);
  EXPECT_EQ(row.ratio.low, 1.1);
  EXPECT_EQ(row.ratio.high, 1.2);
  EXPECT_EQ(row.candidate.forks, 2u);
  EXPECT_NE(note.find("counted differently"), std::string::npos) << note;
  std::string none;
  tare::compare::instructions_row("a", {100, 100}, {120, 120}, none);
  EXPECT_TRUE(none.empty()) << none;
}

TEST(InstructionsCompare, AFileWithoutCountsIsRefusedByName) {
  tare::results::Benchmark timed_only;
  timed_only.name = "a";
  try {
    tare::compare::require_instruction_counts(counted_run_of({timed_only}), "base.json");
    FAIL() << "accepted a file without counts";
  } catch (const tare::input::UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "base.json: no instruction counts (--metric instructions needs results recorded with --prof instructions)");
  }
  EXPECT_NO_THROW(tare::compare::require_instruction_counts(counted_run_of({counted_benchmark("a", 1)}), "new.json"));
}

TEST(InstructionsCompare, TheOutputsSayWhichMetricAndGiveTheCountsWithAllTheirDigits) {
  const auto report = tare::compare::compare_instructions(counted_run_of({counted_benchmark("a", 1234567)}),
                                                          counted_run_of({counted_benchmark("a", 1358023.7)}), {});
  std::ostringstream console, markdown, json;
  tare::tool::write_compare_console(report, console);
  tare::tool::write_compare_markdown(report, markdown);
  tare::tool::write_compare_json(report, json);
  EXPECT_EQ(console.str().rfind("Metric: instructions per operation, counted by callgrind (exact)\n", 0), 0u)
      << console.str();
  EXPECT_NE(console.str().find("1234567"), std::string::npos) << console.str();
  EXPECT_NE(console.str().find("1358024"), std::string::npos) << console.str();
  EXPECT_NE(console.str().find("slower by 10.0%, beyond the 1% threshold"), std::string::npos) << console.str();
  EXPECT_NE(console.str().find("Geometric mean of instruction-count ratios"), std::string::npos) << console.str();
  EXPECT_NE(markdown.str().find("Metric: instructions per operation"), std::string::npos) << markdown.str();
  EXPECT_NE(json.str().find("\"metric\": \"instructions\""), std::string::npos) << json.str();
  // A comparison of time says so in its JSON too, and nothing more on the console.
  tare::compare::CompareReport timed;
  std::ostringstream timed_json, timed_console;
  tare::tool::write_compare_json(timed, timed_json);
  tare::tool::write_compare_console(timed, timed_console);
  EXPECT_NE(timed_json.str().find("\"metric\": \"time\""), std::string::npos) << timed_json.str();
  EXPECT_EQ(timed_console.str().find("Metric:"), std::string::npos) << timed_console.str();
}

TEST(InstructionsCompare, TheMetricOptionTakesTimeOrInstructions) {
  EXPECT_EQ(tare::tool::parse_metric("time"), tare::compare::Metric::time);
  EXPECT_EQ(tare::tool::parse_metric("instructions"), tare::compare::Metric::instructions);
  try {
    tare::tool::parse_metric("cycles");
    ADD_FAILURE() << "accepted";
  } catch (const tare::input::UsageError& e) {
    EXPECT_STREQ(e.what(), "--metric cycles: expected time or instructions");
  }
}

}  // namespace
