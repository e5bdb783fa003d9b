// compare_runs on synthetic runs with known ratios.
#include "compare/compare.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tools/tare/compare_output.hpp"

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using tare::results::Benchmark;
using tare::results::Fork;
using tare::results::Sample;
using Results = tare::results::Run;

namespace {

// `forks` forks of 50 samples of 1000 ops each around `per_op` ns (0.5% noise), in `mode`.
Benchmark benchmark(const std::string& name, double per_op, std::uint64_t seed, tare::Mode mode = tare::Mode::avgt,
                    int forks = 6) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(1.0, 0.005);
  Benchmark b;
  b.name = name;
  b.mode = mode;
  b.unit = mode == tare::Mode::thrpt ? "ops/s" : "ns/op";
  double total = 0;
  for (int k = 0; k < forks; ++k) {
    Fork f;
    const double level = per_op * noise(rng);
    double sum = 0;
    for (int i = 0; i < 50; ++i) {
      const double v = level * noise(rng);
      f.samples.push_back(Sample{1000, v * 1000, 0, {}});
      sum += mode == tare::Mode::thrpt ? 1e9 / v : v;
    }
    f.mean = sum / 50;
    total += f.mean;
    b.forks.push_back(f);
  }
  b.score = total / forks;
  return b;
}

Results run_of(std::vector<Benchmark> benchmarks) {
  Results run;
  run.benchmarks = std::move(benchmarks);
  return run;
}

using tare::compare::AgainstThreshold;
using tare::compare::Direction;

TEST(Compare, KnownRatiosGetTheirVerdicts) {
  const auto base = run_of({benchmark("a", 100, 1), benchmark("b", 100, 2), benchmark("c", 100, 3)});
  const auto candidate = run_of({benchmark("a", 110, 4), benchmark("b", 100, 5), benchmark("c", 90, 6)});
  const auto report = tare::compare::compare_runs(base, candidate, {});
  ASSERT_EQ(report.rows.size(), 3u);
  EXPECT_NEAR(report.rows[0].ratio.estimate, 1.1, 0.01);
  EXPECT_EQ(report.rows[0].verdict.direction, Direction::slower);
  EXPECT_EQ(report.rows[0].verdict.against_threshold, AgainstThreshold::beyond);
  EXPECT_EQ(report.rows[1].verdict.direction, Direction::none);
  EXPECT_EQ(report.rows[1].verdict.against_threshold, AgainstThreshold::within);
  EXPECT_EQ(report.rows[2].verdict.direction, Direction::faster);
  ASSERT_TRUE(report.geomean.has_value());
  EXPECT_NEAR(report.geomean->estimate, std::cbrt(1.1 * 1.0 * 0.9), 0.01);
  EXPECT_LE(report.rows[0].ratio.p_value, report.rows[0].adjusted_p);  // Holm never lowers a p-value
}

TEST(Compare, ForARateHigherIsFaster) {
  const auto base = run_of({benchmark("r", 100, 1, tare::Mode::thrpt)});
  const auto candidate = run_of({benchmark("r", 90, 2, tare::Mode::thrpt)});  // 10% less time: more ops/s
  const auto report = tare::compare::compare_runs(base, candidate, {});
  EXPECT_GT(report.rows[0].ratio.estimate, 1.05);  // the ratio of the scores (ops/s)
  EXPECT_EQ(report.rows[0].verdict.direction, Direction::faster);
  EXPECT_NEAR(report.geomean->estimate, 0.9, 0.01);  // the suite summary is of time ratios
}

TEST(Compare, AMachineThatRanAtAnotherSpeedIsNamedInANote) {
  auto base = run_of({benchmark("a", 100, 1)});
  auto candidate = run_of({benchmark("a", 80, 2)});
  base.context.reference_ns = 2.5;
  candidate.context.reference_ns = 2.0;  // the whole machine 20% faster in the new run
  const auto report = tare::compare::compare_runs(base, candidate, {});
  EXPECT_EQ(report.rows[0].verdict.direction, Direction::faster);  // the verdict is the data's; the note says why to doubt it
  EXPECT_THAT(report.notes, Contains(HasSubstr("ran 20.0% faster in the new run")));
  std::ostringstream json;
  tare::tool::write_compare_json(report, json);
  EXPECT_THAT(json.str(), HasSubstr("\"ratio\": 0.8"));

  // Within the threshold, or unknown on a side: no note.
  candidate.context.reference_ns = 2.52;
  EXPECT_THAT(tare::compare::compare_runs(base, candidate, {}).notes, Not(Contains(HasSubstr("ran"))));
  candidate.context.reference_ns = 0;
  const auto unknown = tare::compare::compare_runs(base, candidate, {});
  EXPECT_THAT(unknown.notes, Not(Contains(HasSubstr("ran"))));
  std::ostringstream null_json;
  tare::tool::write_compare_json(unknown, null_json);
  EXPECT_THAT(null_json.str(), HasSubstr("\"machine\": null"));
}

TEST(Compare, WhatCannotBeComparedIsSaidAndTheRestIsCompared) {
  Benchmark failed = benchmark("failed", 100, 1);
  failed.ok = false;
  Benchmark lonely = benchmark("lonely", 100, 2, tare::Mode::avgt, 1);
  const auto base = run_of({benchmark("a", 100, 3), failed, lonely, benchmark("gone", 1, 4)});
  const auto candidate = run_of({benchmark("a", 100, 5), benchmark("failed", 100, 6), benchmark("lonely", 100, 7),
                                 benchmark("added", 1, 8)});
  const auto report = tare::compare::compare_runs(base, candidate, {});
  EXPECT_EQ(report.rows[1].problem, "failed in the base run");
  EXPECT_THAT(report.rows[2].problem, HasSubstr("fewer than 2 good forks"));
  EXPECT_EQ(report.only_in_base, std::vector<std::string>{"gone"});
  EXPECT_EQ(report.only_in_candidate, std::vector<std::string>{"added"});
  std::ostringstream console, markdown, json;
  tare::tool::write_compare_console(report, console);
  tare::tool::write_compare_markdown(report, markdown);
  tare::tool::write_compare_json(report, json);
  EXPECT_THAT(console.str(), HasSubstr("not compared: failed in the base run"));
  EXPECT_THAT(console.str(), HasSubstr("Only in the base run: gone"));
  EXPECT_THAT(markdown.str(), HasSubstr("| `a` |"));
  EXPECT_THAT(json.str(), HasSubstr("\"verdict\": \"not compared\""));
  EXPECT_THAT(json.str(), HasSubstr("\"only_in_new\": [\n    \"added\"\n  ]"));
}

TEST(Compare, AGateFailsClosedOnWhatItCouldNotCheck) {
  Benchmark failed = benchmark("failed", 100, 1);
  failed.ok = false;
  const auto base = run_of({benchmark("a", 100, 3), benchmark("failed", 100, 6), benchmark("gone", 1, 4)});
  const auto candidate = run_of({benchmark("a", 100, 5), failed, benchmark("added", 1, 8)});
  EXPECT_EQ(tare::compare::gate_failures(tare::compare::compare_runs(base, candidate, {})),
            (std::vector<std::string>{"failed: not compared: failed in the new run", "gone: missing from the new build"}));
  // Nothing failed, nothing lost, nothing slower: the gate passes (a new benchmark is no failure).
  const auto clean = run_of({benchmark("a", 100, 5), benchmark("added", 1, 8)});
  EXPECT_TRUE(tare::compare::gate_failures(tare::compare::compare_runs(run_of({benchmark("a", 100, 3)}), clean, {})).empty());
  // Four times slower: named.
  EXPECT_EQ(tare::compare::gate_failures(
                tare::compare::compare_runs(run_of({benchmark("a", 100, 3)}), run_of({benchmark("a", 400, 5)}), {})),
            std::vector<std::string>{"a: slower by more than the threshold"});
}

TEST(Compare, NothingInCommonIsAnError) {
  EXPECT_THROW(tare::compare::compare_runs(run_of({benchmark("a", 1, 1)}), run_of({benchmark("b", 1, 2)}), {}),
               std::runtime_error);
}

TEST(Compare, NoDifferenceFoundSaysWhatCouldHaveBeenFoundAndHowManyForksWouldSettleIt) {
  // 0.5% slower with 1% noise between forks and 3 forks: the interval holds 1 and crosses 1.01.
  auto noisy = [](const std::string& name, double per_op, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> fork_noise(1.0, 0.01);
    Benchmark b = benchmark(name, per_op, seed, tare::Mode::avgt, 3);
    double total = 0;
    for (auto& f : b.forks) {
      const double scale = fork_noise(rng);
      for (auto& s : f.samples) s.ns *= scale;
      f.mean *= scale;
      total += f.mean;
    }
    b.score = total / 3;
    return b;
  };
  const auto report = tare::compare::compare_runs(run_of({noisy("x", 100, 11)}), run_of({noisy("x", 100.5, 12)}), {});
  const auto& row = report.rows[0];
  ASSERT_EQ(row.verdict.direction, Direction::none) << row.ratio.low << " " << row.ratio.high;
  ASSERT_EQ(row.verdict.against_threshold, AgainstThreshold::undecided) << row.ratio.low << " " << row.ratio.high;
  EXPECT_GT(row.forks_to_settle, 3u);
  EXPECT_GT(row.verdict.detectable, row.ratio.high - 1);  // more than the half-width: 80% power
  std::ostringstream console;
  tare::tool::write_compare_console(report, console);
  EXPECT_THAT(console.str(), HasSubstr("no difference found (±"));
  EXPECT_THAT(console.str(), HasSubstr("would settle it"));
}

// Two runs recorded at different moments: the machine's speed from run to run, which
// neither run's interval saw, widens every interval; with 2% per run, two runs cannot
// resolve ±1%, and the report says so. Unknown: a note says what that means.
TEST(Compare, TheMachinesSpeedBetweenRunsWidensTheIntervals) {
  auto base = run_of({benchmark("a", 100, 1), benchmark("b", 100, 2)});
  auto candidate = run_of({benchmark("a", 103, 3), benchmark("b", 100, 4)});
  const auto unknown = tare::compare::compare_runs(base, candidate, {});
  EXPECT_LT(unknown.between_runs_sd, 0);
  EXPECT_THAT(unknown.notes, Contains(HasSubstr("speed from run to run is unknown")));
  EXPECT_EQ(unknown.rows[0].verdict.direction, Direction::slower);  // 3%, with only each run's own noise

  base.context.between_runs.relative_sd = 0.02;
  candidate.context.between_runs.relative_sd = 0.02;
  const auto folded = tare::compare::compare_runs(base, candidate, {});
  EXPECT_NEAR(folded.between_runs_sd, 0.02, 1e-12);
  const auto& a = folded.rows[0].ratio;
  // Half-widths on the log scale: sqrt(own^2 + (1.96 * sqrt(2) * 2%)^2) >= 5.5%.
  EXPECT_LT(std::log(a.low), std::log(a.estimate) - 0.055);
  EXPECT_GT(std::log(a.high), std::log(a.estimate) + 0.055);
  EXPECT_NEAR(a.estimate, unknown.rows[0].ratio.estimate, 1e-12);
  EXPECT_EQ(folded.rows[0].verdict.direction, Direction::none);  // 3% is within what the machine does
  EXPECT_GT(folded.rows[0].ratio.p_value, 0.05);
  EXPECT_GT(folded.geomean->high - folded.geomean->low, unknown.geomean->high - unknown.geomean->low);
  EXPECT_THAT(folded.notes, Contains(HasSubstr("cannot tell a difference under about 5.5%")));
  EXPECT_THAT(folded.method, HasSubstr("2% per run"));

  // One side's estimate serves both (one machine); a small variation leaves ±1% resolvable.
  base.context.between_runs.relative_sd = 0.002;
  candidate.context.between_runs.relative_sd = -1;
  const auto quiet = tare::compare::compare_runs(base, candidate, {});
  EXPECT_NEAR(quiet.between_runs_sd, 0.002, 1e-12);
  EXPECT_THAT(quiet.notes, Not(Contains(HasSubstr("cannot tell"))));
  EXPECT_EQ(quiet.rows[0].verdict.direction, Direction::slower);
}

}  // namespace
