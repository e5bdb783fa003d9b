// The console report: golden table text, aligned rows, every section in its place.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "report/console.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string render(const results::Run& run, bool color = false) {
  std::ostringstream out;
  write_console(run, out, ConsoleOptions{color, std::nullopt});
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The table: the lines before the first blank one.
std::vector<std::string> table_of(const std::string& text) {
  std::vector<std::string> table;
  for (const std::string& line : lines_of(text)) {
    if (line.empty()) break;
    table.push_back(line);
  }
  return table;
}

std::string strip_escapes(const std::string& s) {
  std::string plain;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b') {
      i = s.find('m', i);
      continue;
    }
    plain += s[i];
  }
  return plain;
}

// Independent of the reporter's own width function: every character in these tables is
// one column wide, so the width is the number of UTF-8 lead bytes.
std::size_t columns(const std::string& s) {
  std::size_t n = 0;
  for (const char c : strip_escapes(s)) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

results::Benchmark benchmark(std::string name, double score, double low, double high, std::string unit = "ns/op") {
  results::Benchmark b;
  b.name = std::move(name);
  b.unit = std::move(unit);
  b.score = score;
  b.ci = results::Interval{0.95, low, high};
  b.forks.resize(2);
  return b;
}

TEST(Console, GoldenTable) {
  const std::vector<std::string> expected{
      "Benchmark                 Mode     Score         ± CI          ± %  Forks  Samples     ",
      "lookup.binary/size=1024   avgt     12.35 µs/op   0.25 µs/op   2.0%      3        9     ",
      "lookup.linear/size=16     thrpt    15.00 Mops/s  0.30 Mops/s  2.0%      2        6  ⚠ 2",
      "parse/invalid_percent=10  sample    87.6 ns/op    1.6 ns/op   1.8%      2        6     ",
      "crash/size=8              avgt    FAILED                              0/1        0     ",
      "± CI: the 95% interval of this run only, over its forks: the machine's speed between runs is not known",
  };
  EXPECT_EQ(table_of(render(testing::console_run())), expected);
}

TEST(Console, EveryTableRowHasTheSameDisplayWidth) {
  for (const bool color : {false, true}) {
    auto table = table_of(render(testing::console_run(), color));
    ASSERT_EQ(table.size(), 6u);
    EXPECT_EQ(table.back().rfind("± CI: ", 0), 0u) << table.back();  // the legend, not a row
    table.pop_back();
    for (const std::string& row : table) EXPECT_EQ(columns(row), columns(table[0])) << row;
  }
}

TEST(Console, SectionsUnderTheTableInOrder) {
  const std::string text = render(testing::console_run());
  const std::vector<std::string> in_order{
      "\nFailures:\n  crash/size=8: FAILED: killed by signal 11 (Segmentation fault)\n",
      "\nWarnings:\n  lookup.linear/size=16\n    steady state not reached in fork 1\n"
      "    bimodal distribution\n",
      "\nCounters per op:\n  parse/invalid_percent=10: valid 0.900/op, invalid 0.100/op\n",
      "\nPercentiles per call:\n  parse/invalid_percent=10: p50 85.1 ns, p90 92.4 ns, p99 140 ns, p99.9 1.02 µs, "
      "max 3.40 µs (each includes ~20.1 ns of timer cost)\n",
      "\nEnvironment warnings:\n  virtualized (kvm): timings include hypervisor noise\n  ASLR is on\n",
      "\ncpu: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz (40 cores, governor performance, turbo off); "
      "clock: tsc @ 2.49 GHz (resolution 0.333 ns, overhead 7.12 ns); build: Release, debug\n",
      "machine drift during the run: 3.1% (reference workload 2.56 ns per iteration, max - min over forks, "
      "relative)\n",
      "machine speed between runs: 2.5% (SD of the reference workload over the last 12 runs on this machine); the "
      "intervals include it\n",
  };
  std::size_t at = 0;
  for (const std::string& part : in_order) {
    const std::size_t found = text.find(part, at);
    ASSERT_NE(found, std::string::npos) << "missing or out of order:\n" << part << "\nin:\n" << text;
    at = found + part.size();
  }
  EXPECT_EQ(at, text.size());  // the context summary is the last line
}

TEST(Console, TwoModesKeepTheMeanWithoutAnIntervalAndAreBothShown) {
  results::Run run;
  results::Benchmark split = benchmark("split", 110, 100, 120);
  split.modes = {{103.25, 6}, {118.5, 4}};
  run.benchmarks = {split};
  const std::string text = render(run);
  // The number stays (compare and baselines use it), marked as describing neither mode.
  EXPECT_THAT(table_of(text)[1], HasSubstr("~110 ns/op  2 modes"));
  EXPECT_THAT(table_of(text)[1], Not(HasSubstr("±")));
  EXPECT_THAT(text, HasSubstr("Two modes (forks disagree):\n  split: 103 ns/op in 6 forks, 118 ns/op in 4 forks\n"));
}

TEST(Console, AScoreWithoutSteadyForksHasNoConfidentInterval) {
  results::Run run;
  results::Benchmark unsteady = benchmark("unsteady", 50, 49, 51);
  unsteady.steady_state = "no steady state";
  for (auto& f : unsteady.forks) f.steady_class = tare::results::SteadyClass::no_steady_state;
  results::Benchmark mixed = benchmark("mixed", 50, 49, 51);
  mixed.forks.resize(3);
  mixed.forks[0].steady_class = tare::results::SteadyClass::no_steady_state;
  mixed.steady_state = "bad inconsistent";
  run.benchmarks = {unsteady, mixed};
  const auto table = table_of(render(run));
  EXPECT_THAT(table[1], HasSubstr("~50.0 ns/op  no steady state"));
  EXPECT_THAT(table[1], Not(HasSubstr("%")));
  // Two steady forks remain: the score rests on them and keeps its interval.
  EXPECT_THAT(table[2], HasSubstr("1.0 ns/op  2.0%"));
  EXPECT_THAT(table[2], Not(HasSubstr("~")));
  // The class across forks is a term of art: in the JSON, not in the table.
  EXPECT_THAT(table[2], Not(HasSubstr("bad inconsistent")));
}

// The drift-normalized score is in the drift warning, which says when the drift matters;
// the reference workload's movement alone earns no section.
TEST(Console, DriftIsNotASectionOfItsOwn) {
  results::Run run;
  results::Benchmark moved = benchmark("moved", 100, 99, 101);
  moved.drift = results::Drift{0.05, 98.5, results::Interval{0.95, 98, 99}};
  run.benchmarks = {moved};
  EXPECT_THAT(render(run), Not(HasSubstr("moved:")));
}

TEST(Console, RatiosToTheFamilyBaselineHaveTheirOwnSection) {
  results::Run run;
  results::Benchmark fast = benchmark("lookup.binary/size=16", 2.5, 2.4, 2.6);
  fast.relative = results::Relative{"lookup.linear/size=16", 0.5125, results::Interval{0.95, 0.5, 0.525}};
  run.benchmarks = {benchmark("lookup.linear/size=16", 4.9, 4.8, 5.0), fast};
  EXPECT_THAT(render(run), HasSubstr("Relative to the family baseline (ratio of scores, 95% CI of this run):\n"
                                     "  lookup.binary/size=16: 0.512x the time of lookup.linear/size=16 [0.5, 0.525]: "
                                     "faster\n"));
}

// A ratio of throughputs above 1 is faster; an interval across 1 names no direction.
TEST(Console, ARatioSaysWhatItIsARatioOfAndWhichWayItPoints) {
  results::Run run;
  results::Benchmark more = benchmark("q.ring", 2e7, 1.9e7, 2.1e7, "ops/s");
  more.mode = Mode::thrpt;
  more.relative = results::Relative{"q.mutex", 1.5, results::Interval{0.95, 1.4, 1.6}};
  results::Benchmark same = benchmark("q.spin", 5, 4.9, 5.1);
  same.relative = results::Relative{"q.mutex", 1.01, results::Interval{0.95, 0.98, 1.04}};
  run.benchmarks = {more, same};
  const std::string text = render(run);
  EXPECT_THAT(text, HasSubstr("  q.ring: 1.5x the throughput of q.mutex [1.4, 1.6]: faster\n"));
  EXPECT_THAT(text, HasSubstr("  q.spin: 1.01x the time of q.mutex [0.98, 1.04]: no clear difference\n"));
}

TEST(Console, EmptySectionsAreLeftOut) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10, 9, 11)};
  const std::string text = render(run);
  EXPECT_THAT(text, Not(HasSubstr("Failures")));
  EXPECT_THAT(text, Not(HasSubstr("Warnings")));
  EXPECT_THAT(text, Not(HasSubstr("Counters")));
  EXPECT_THAT(text, Not(HasSubstr("Percentiles")));
  // No benchmark has warnings: no marker column, so the Samples column ends the row.
  EXPECT_EQ(table_of(text)[0], "Benchmark  Mode  Score        ± CI        ± %  Forks  Samples");
  EXPECT_EQ(table_of(text)[1], "a          avgt   10.0 ns/op   1.0 ns/op  10%      2        0");
}

TEST(Console, ATightIntervalEarnsTheScoreMoreDigits) {
  results::Run run;
  run.benchmarks = {benchmark("tight", 12.3456, 12.3444, 12.3468), benchmark("loose", 12.3456, 10.1, 14.6)};
  const auto table = table_of(render(run));
  EXPECT_THAT(table[1], HasSubstr("12.346 ns/op  0.0012 ns/op  0.01%"));
  EXPECT_THAT(table[2], HasSubstr("12.3 ns/op     2.2 ns/op    18%"));
}

// Where the machine's speed between runs is known, the interval shown takes it in; until
// then the run says its intervals cover its own processes only.
TEST(Console, TheIntervalShownIsAcrossRunsWhenTheMachinesSpeedIsKnown) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1)};
  run.benchmarks[0].ci_across_runs = results::Interval{0.95, 9.5, 10.5};
  run.context.between_runs = {7, 0.02, "/h/speed-history.jsonl"};
  const std::string known = render(run);
  EXPECT_THAT(table_of(known)[1], HasSubstr("10.00 ns/op  0.50 ns/op  5.0%"));
  // The line under the table names the interval, and where the other one is.
  EXPECT_EQ(table_of(known)[2], "± CI: the 95% interval across runs: this run's forks and the machine's speed between "
                                "runs (this run's own interval: \"ci\" in the JSON)");
  EXPECT_THAT(known, HasSubstr("machine speed between runs: 2.0% (SD of the reference workload over the last 7 runs"));
  run.benchmarks[0].ci_across_runs.reset();
  run.context.between_runs = {3, -1, "/h/speed-history.jsonl"};
  const std::string unknown = render(run);
  EXPECT_THAT(table_of(unknown)[1], HasSubstr("10.00 ns/op  0.10 ns/op  1.00%"));
  const std::string this_run =
      "± CI: the 95% interval of this run only, over its forks: the machine's speed between runs is not known";
  EXPECT_EQ(table_of(unknown)[2], this_run);
  EXPECT_THAT(unknown, HasSubstr("machine speed between runs: not known yet (3 runs in /h/speed-history.jsonl); the "
                                 "intervals cover this run's processes only"));
  run.context.between_runs = {};  // no history kept: the legend alone says which interval it is
  const std::string none = render(run);
  EXPECT_EQ(table_of(none)[2], this_run);
  EXPECT_THAT(none, Not(HasSubstr("machine speed between runs")));
}

// Once a benchmark's own past runs say how far it moves between runs, the console says
// that its interval took them in, how many, and what became of the machine's speed.
TEST(Console, TheSpreadBetweenRunsSaysWhenTheBenchmarksOwnPastRunsServed) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1)};
  run.benchmarks[0].ci_across_runs = results::Interval{0.95, 9.8, 10.2};
  run.benchmarks[0].across_runs = results::AcrossRuns{results::SpreadSource::shrunk, 12, 0, 0.0064, 0.007, 15};
  run.context.between_runs = {7, 0.003, "/h/speed-history.jsonl"};
  const std::string one = render(run);
  EXPECT_THAT(one, HasSubstr("machine speed between runs: 0.3% (SD of the reference workload over the last 7 runs on "
                             "this machine)\nspread between runs: 0.64% from the benchmark's own past runs (12 runs, "
                             "shrunk toward the machine's speed); the interval includes it\n"));
  EXPECT_EQ(table_of(one)[2], "± CI: the 95% interval across runs: this run's forks and the spread between the "
                              "benchmark's past runs, else the machine's speed between runs (this run's own interval: "
                              "\"ci\" in the JSON)");

  // Its runs contradict the machine's speed; another benchmark has too few of its own.
  run.benchmarks[0].across_runs = results::AcrossRuns{results::SpreadSource::own_history, 8, 1, 0.0064, 0.0064, 7};
  run.benchmarks.push_back(benchmark("b", 10.0, 9.9, 10.1));
  run.benchmarks[1].ci_across_runs = results::Interval{0.95, 9.85, 10.15};
  run.benchmarks[1].across_runs = results::AcrossRuns{results::SpreadSource::machine_speed, 2, 0, 0.003, -1, 0};
  EXPECT_THAT(render(run), HasSubstr("spread between runs: from each benchmark's own past runs for 1 of 2 benchmarks "
                                     "(8 runs, which contradict the machine's speed); the others' intervals include "
                                     "the machine's speed\n"));

  // The machine's speed not known yet: the other benchmark has this run's interval only.
  run.context.between_runs = {3, -1, "/h/speed-history.jsonl"};
  run.benchmarks[1].ci_across_runs.reset();
  run.benchmarks[1].across_runs.reset();
  const std::string unknown = render(run);
  EXPECT_THAT(unknown, HasSubstr("machine speed between runs: not known yet (3 runs in /h/speed-history.jsonl)\n"
                                 "spread between runs: from each benchmark's own past runs for 1 of 2 benchmarks (8 "
                                 "runs); the others' intervals cover this run's processes only\n"));
}

TEST(Console, NoLegendWhenNoRowShowsAnInterval) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1)};
  run.benchmarks[0].score_disturbed = true;
  EXPECT_THAT(render(run), Not(HasSubstr("± CI:")));
}

TEST(Console, AScoreThatCountsTheNeighboursTimeShowsNoInterval) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1)};
  run.benchmarks[0].score_disturbed = true;
  EXPECT_THAT(table_of(render(run))[1], HasSubstr("~10.0 ns/op  disturbed"));
}

// "~" is explained under the table that shows it, and only there.
TEST(Console, TheMarkOfAScoreWithoutAnIntervalIsExplainedOnlyWhenShown) {
  const std::string legend = "~ marks a score given without an interval: it mixes speeds (2 modes, no steady "
                             "state) or counts other work's time (disturbed); the warnings below say why\n";
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1), benchmark("b", 10.0, 9.9, 10.1)};
  EXPECT_THAT(render(run), Not(HasSubstr("~")));
  run.benchmarks[1].score_disturbed = true;
  const std::string text = render(run);
  const auto table = table_of(text);
  EXPECT_THAT(text, HasSubstr(table.back() + "\n\n" + legend));  // right under the table
  run.benchmarks[1].score_disturbed = false;
  run.benchmarks[1].modes = {{9.0, 1}, {11.0, 1}};
  EXPECT_THAT(render(run), HasSubstr(legend));
  EXPECT_THAT(render(testing::console_run()), Not(HasSubstr("~ marks")));
}

TEST(Console, TheShareOfSamplesOtherWorkDisturbedIsSaidOnceItMatters) {
  results::Run run;
  run.benchmarks = {benchmark("a", 10.0, 9.9, 10.1), benchmark("b", 10.0, 9.9, 10.1)};
  run.benchmarks[0].disturbed_share = 0.02;
  run.benchmarks[1].disturbed_share = 0.04;
  EXPECT_THAT(render(run), Not(HasSubstr("other work took the CPU")));  // a quiet machine's housekeeping
  run.benchmarks[1].disturbed_share = 0.14;
  EXPECT_THAT(render(run), HasSubstr("other work took the CPU during up to 14% of a benchmark's samples (b): those "
                                     "samples are left out of the scores\n"));
}

TEST(Console, MissingEstimatesShowNotAvailable) {
  results::Run run;
  results::Benchmark one_fork = benchmark("single", 1, 1, 1);
  one_fork.score.reset();  // fewer than 2 good forks: no estimate
  one_fork.ci.reset();
  run.benchmarks = {one_fork};
  const auto table = table_of(render(run));
  EXPECT_EQ(table[1], "single     avgt    n/a                   2        0");
}

TEST(Console, ALostForkIsCountedAndExplained) {
  results::Run run;
  results::Benchmark b = benchmark("lossy", 10, 9, 11);
  b.forks.resize(3);
  b.forks[2].ok = false;
  b.forks[2].pid = 4242;
  b.forks[2].error = "timed out after 10 s";
  run.benchmarks = {b};
  const std::string text = render(run);
  EXPECT_THAT(table_of(text)[1], HasSubstr("2/3"));
  EXPECT_THAT(text, HasSubstr("\nFailures:\n  lossy: fork 3 (pid 4242) failed: timed out after 10 s\n"));
}

TEST(Console, NoColorUnlessAsked) {
  EXPECT_THAT(render(testing::console_run()), Not(HasSubstr("\x1b")));
}

TEST(Console, ColorBoldNamesYellowWarningsRedFailures) {
  const std::string text = render(testing::console_run(), true);
  EXPECT_THAT(text, HasSubstr("\x1b[1mlookup.binary/size=1024 \x1b[0m  avgt"));
  EXPECT_THAT(text, HasSubstr("\x1b[31mFAILED"));
  EXPECT_THAT(text, HasSubstr("\x1b[33m⚠ 2\x1b[0m"));
  EXPECT_THAT(text, HasSubstr("  \x1b[1mlookup.linear/size=16\x1b[0m\n    \x1b[33msteady state not reached"));
  EXPECT_THAT(text, HasSubstr("  \x1b[31mcrash/size=8: FAILED: killed by signal 11 (Segmentation fault)\x1b[0m\n"));
  EXPECT_THAT(text, HasSubstr("  \x1b[33mASLR is on\x1b[0m\n"));
  EXPECT_EQ(strip_escapes(text), render(testing::console_run()));
}

TEST(Console, EmptyRunSaysSoAndStillDescribesTheMachine) {
  results::Run run;
  const auto lines = lines_of(render(run));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "No benchmarks ran.");
  EXPECT_EQ(lines[2], "cpu: unknown; clock: unknown (resolution 0 ns, overhead 0 ns); build: unknown");
}

TEST(Console, WideCharactersInNamesKeepTheTableAligned) {
  results::Run run;
  run.benchmarks = {benchmark("parse/text=中文", 10, 9, 11), benchmark("parse/text=abcd", 10, 9, 11)};
  const auto table = table_of(render(run));
  // "中文" takes four columns, like "abcd": both rows continue identically after the name.
  const std::string rest1 = table[1].substr(std::string("parse/text=中文").size());
  const std::string rest2 = table[2].substr(std::string("parse/text=abcd").size());
  EXPECT_EQ(rest1, rest2);
}

}  // namespace
}  // namespace tare::report
