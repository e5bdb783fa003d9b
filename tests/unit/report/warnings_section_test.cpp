// Warnings by weight on the console: an unusable score is marked in its cell and listed in
// red apart from the rest; cautions under their benchmark; notes and machine-level warnings
// once per run; --verbose shows every one, acknowledged ones too.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report/console.hpp"

namespace tare::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using results::Severity;
using results::WarningCode;

results::Benchmark scored(std::string name) {
  results::Benchmark b;
  b.name = std::move(name);
  b.unit = "ns/op";
  b.score = 0.559;
  b.ci = results::Interval{0.95, 0.5, 0.6};
  b.forks.resize(3);
  return b;
}

results::Run run_with_every_severity() {
  results::Run run;
  run.benchmarks.push_back(scored("dead.wrong"));
  run.benchmarks.back().warnings = {
      {WarningCode::optimised_away, Severity::unusable, "looks optimised away, or is as cheap as the empty loop"},
      {WarningCode::target_not_reached, Severity::note, "target ±1% not reached: ±9% after 3 forks"},
      {WarningCode::machine_busy, Severity::note, "machine busy: 250 involuntary context switches per second"}};
  run.benchmarks.push_back(scored("dead.right"));
  run.benchmarks.back().warnings = {
      {WarningCode::forks_far_apart, Severity::caution, "1 of 3 forks far from the others"},
      {WarningCode::target_not_reached, Severity::note, "target ±1% not reached: ±4% after 3 forks"},
      {WarningCode::machine_busy, Severity::note, "machine busy: 180 involuntary context switches per second"},
      {WarningCode::fresh_memory, Severity::note, "60 minor page faults per millisecond", true}};
  return run;
}

std::string render_warnings(const results::Run& run, bool verbose, bool color = false) {
  std::ostringstream out;
  ConsoleOptions options;
  options.color = color;
  options.verbose = verbose;
  write_console(run, out, options);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(WarningsSection, AnUnusableScoreIsMarkedInItsCellAndListedApart) {
  const std::string text = render_warnings(run_with_every_severity(), false);
  EXPECT_THAT(text, HasSubstr("✗ 0.559 ns/op"));
  EXPECT_THAT(text, HasSubstr("✗ optimised away?"));
  EXPECT_THAT(text, HasSubstr("\nNot to be used:\n  dead.wrong: looks optimised away, or is as cheap as the empty loop\n"));
  EXPECT_EQ(count(text, "✗ "), 2u);  // the one benchmark's cell and marker, no other
  // In colour, both are red.
  const std::string colored = render_warnings(run_with_every_severity(), false, true);
  EXPECT_THAT(colored, HasSubstr("\x1b[31m✗ 0.559"));
  EXPECT_THAT(colored, HasSubstr("\x1b[31m✗ optimised away?\x1b[0m"));
}

TEST(WarningsSection, NotesAndMachineLevelWarningsAreOneLinePerKind) {
  const std::string text = render_warnings(run_with_every_severity(), false);
  EXPECT_THAT(text, HasSubstr("\nWarnings:\n  dead.right\n    1 of 3 forks far from the others\n"));
  EXPECT_THAT(text, HasSubstr("--target-ci not reached (raise --budget or --max-forks): dead.wrong, dead.right\n"));
  EXPECT_THAT(text, HasSubstr("machine busy, over 100 involuntary context switches per second: dead.wrong, "
                              "dead.right\n"));
  EXPECT_EQ(count(text, "machine busy"), 1u);
  EXPECT_THAT(text, Not(HasSubstr("±9% after 3 forks")));  // in full only with --verbose
  // The acknowledged note is not shown, nor counted in the table.
  EXPECT_THAT(text, Not(HasSubstr("minor page faults")));
  EXPECT_THAT(text, HasSubstr("⚠ 1"));
}

TEST(WarningsSection, VerboseShowsEveryWarningInFullAcknowledgedOnesToo) {
  const std::string text = render_warnings(run_with_every_severity(), true);
  EXPECT_THAT(text, HasSubstr("  dead.wrong\n    looks optimised away, or is as cheap as the empty loop\n"
                              "    target ±1% not reached: ±9% after 3 forks\n"));
  EXPECT_THAT(text, HasSubstr("    60 minor page faults per millisecond (acknowledged)\n"));
  EXPECT_EQ(count(text, "machine busy"), 2u);
  EXPECT_THAT(text, Not(HasSubstr("Across the run")));
}

TEST(WarningsSection, AnAcknowledgedUnusableWarningNoLongerMarksTheScore) {
  results::Run run = run_with_every_severity();
  run.benchmarks[0].warnings[0].acknowledged = true;
  const std::string text = render_warnings(run, false);
  EXPECT_THAT(text, Not(HasSubstr("✗")));
  EXPECT_THAT(text, Not(HasSubstr("Not to be used")));
}

// A long list of benchmarks is cut, so the line stays a line.
TEST(WarningsSection, AGroupedLineNamesAFewBenchmarksAndCountsTheRest) {
  results::Run run;
  for (int i = 0; i < 8; ++i) {
    run.benchmarks.push_back(scored(std::string("b").append(std::to_string(i))));  // not "b" + ...: GCC 12 -Wrestrict
    if (i < 7) run.benchmarks.back().warnings = {{WarningCode::steady_unchecked, Severity::note, "steady state unchecked"}};
  }
  EXPECT_THAT(render_warnings(run, false), HasSubstr("(raise --measure-ms): b0, b1, b2, b3 and 3 more\n"));
  run.benchmarks.back().warnings = run.benchmarks.front().warnings;  // now every benchmark has it
  EXPECT_THAT(render_warnings(run, false), HasSubstr("(raise --measure-ms): all 8 benchmarks\n"));
}

// The same caution on many benchmarks is one line; on one or two it stays under each.
TEST(WarningsSection, ACautionOnManyBenchmarksIsOneLine) {
  results::Run run;
  for (int i = 0; i < 6; ++i) {
    run.benchmarks.push_back(scored(std::string("c").append(std::to_string(i))));
    run.benchmarks.back().warnings = {{WarningCode::no_interval, Severity::caution, "one fork only"}};
  }
  run.benchmarks[0].warnings.push_back({WarningCode::slowdown, Severity::caution, "3 of 5 forks ran faster at first"});
  const std::string text = render_warnings(run, false);
  EXPECT_THAT(text, HasSubstr("one fork only, no interval (raise --budget): all 6 benchmarks\n"));
  EXPECT_EQ(count(text, "one fork only"), 1u);
  EXPECT_THAT(text, HasSubstr("\nWarnings:\n  c0\n    3 of 5 forks ran faster at first\n"));
}

}  // namespace
}  // namespace tare::report
