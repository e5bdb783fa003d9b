// `tare plan` on results with known variance components and costs.
#include "tools/tare/plan_text.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>


using ::testing::HasSubstr;
using tare::results::Benchmark;
using tare::results::Fork;
using Results = tare::results::Run;
using tare::results::Sample;

namespace {

// A benchmark whose pilot had `forks` forks of 100 samples of 1 ms each, 100 ms of other
// fork costs, score 100, T1² = 100, T2² = 1 (the K&J worked case: 100 samples per fork).
Benchmark pilot(const std::string& name, int forks = 5) {
  Benchmark b;
  b.name = name;
  b.score = 100;
  b.within_fork_variance = 100;
  b.between_fork_variance = 1;
  for (int i = 0; i < forks; ++i) {
    Fork f;
    f.samples.assign(100, Sample{1000, 1e6, 0, {}});
    f.measured_ns = 100e6;
    f.wall_ns = 200e6;
    b.forks.push_back(f);
  }
  return b;
}

Results pilot_run(std::vector<Benchmark> benchmarks) {
  Results run;
  run.context.executable = "/opt/bench/lookup";
  run.context.date = "2026-11-29T12:00:00Z";
  run.benchmarks = std::move(benchmarks);
  return run;
}

TEST(Plan, FollowsKaliberaAndJonesFromMeasuredCosts) {
  const Results run = pilot_run({pilot("lookup.binary/size=16")});
  const auto rows = tare::plan::plan_run(run, {0.01, 60});
  ASSERT_EQ(rows.size(), 1u);
  const auto& row = rows[0];
  ASSERT_TRUE(row.problem.empty()) << row.problem;
  EXPECT_DOUBLE_EQ(row.input.sample_cost_ns, 1e6);
  EXPECT_DOUBLE_EQ(row.input.fork_cost_ns, 100e6);
  EXPECT_EQ(row.plan.samples_per_fork, 100u);  // ceil(sqrt(100 · 100 / 1))
  EXPECT_EQ(row.plan.forks, 11u);              // see stats' planning tests
  EXPECT_TRUE(row.plan.target_reached);
  EXPECT_DOUBLE_EQ(row.measure_ms, 100);
  // The budget is ten times the predicted 2.2 s: it binds only on a far slower machine.
  EXPECT_EQ(tare::plan::command_line(run, row, {0.01, 60}),
            "/opt/bench/lookup --filter '^lookup\\.binary/size=16$' --forks 11 --max-forks 11 --measure-ms 100 "
            "--target-ci 1% --budget 22s");
}

TEST(Plan, TheCommandKeepsThePilotsWarmupSettingsThatAreNotTheDefaults) {
  Results run = pilot_run({pilot("lookup.binary/size=16")});
  run.context.settings.warmup_max_ms = 30;
  run.context.settings.steady_band_percent = 2.5;
  const auto rows = tare::plan::plan_run(run, {0.01, 60});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_THAT(tare::plan::command_line(run, rows[0], {0.01, 60}),
              ::testing::EndsWith("--budget 22s --warmup-max-ms 30 --steady-band 2.5%"));
  run.context.settings.warmup_max_ms = 1000;  // the runner's defaults
  run.context.settings.steady_band_percent = 5;
  EXPECT_THAT(tare::plan::command_line(run, rows[0], {0.01, 60}), ::testing::EndsWith("--budget 22s"));
}

TEST(Plan, SaysWhyItCannotPlan) {
  Benchmark failed = pilot("failed");
  failed.ok = false;
  Benchmark lonely = pilot("lonely", 1);
  lonely.between_fork_variance.reset();
  Benchmark old = pilot("old");
  for (auto& f : old.forks) f.wall_ns = 0;  // written before forks were timed
  const auto rows = tare::plan::plan_run(pilot_run({failed, lonely, old}), {});
  EXPECT_THAT(rows[0].problem, HasSubstr("failed"));
  EXPECT_THAT(rows[1].problem, HasSubstr("fewer than 2 good forks"));
  EXPECT_THAT(rows[2].problem, HasSubstr("no fork timings"));
}

TEST(Plan, TheReportShowsTheTableTheCommandsAndWhatIsOutOfReach) {
  const Results run = pilot_run({pilot("a"), pilot("b")});
  const tare::plan::PlanOptions tight{0.001, 10};
  std::ostringstream out;
  tare::tool::write_plan(run, tare::plan::plan_run(run, tight), tight, out);
  const std::string text = out.str();
  EXPECT_THAT(text, HasSubstr("Plan for ±0.1% (95% CI) within 10 s"));
  EXPECT_THAT(text, HasSubstr("(budget)"));
  EXPECT_THAT(text, HasSubstr("To run it:\n  /opt/bench/lookup --filter '^a$'"));
  EXPECT_THAT(text, HasSubstr("a: the target is out of reach within the budget"));
}

TEST(Plan, SingleShotForksHaveOneSampleEach) {
  Benchmark cold = pilot("cold");
  cold.mode = tare::Mode::ss;
  for (auto& f : cold.forks) {
    f.samples.assign(1, Sample{1, 1e6, 0, {}});
    f.measured_ns = 1e6;
  }
  const auto rows = tare::plan::plan_run(pilot_run({cold}), {});
  EXPECT_EQ(rows[0].plan.samples_per_fork, 1u);
}

TEST(Plan, FiltersMatchOneNameExactlyAndShellWordsSurvive) {
  EXPECT_EQ(tare::plan::exact_filter("a.b/size=(1+2)*[x]"), "^a\\.b/size=\\(1\\+2\\)\\*\\[x\\]$");
  EXPECT_EQ(tare::plan::shell_quote("/opt/bench"), "/opt/bench");
  EXPECT_EQ(tare::plan::shell_quote("it's here"), "'it'\\''s here'");
  EXPECT_EQ(tare::plan::shell_quote(""), "''");
}

// A plan of days: ten times its prediction is beyond what the binary's --budget takes (a
// week), which would refuse the printed command; the budget stops at a week.
TEST(Plan, TheBudgetOfTheCommandIsOneTheBinaryTakes) {
  const Results run = pilot_run({pilot("long")});
  tare::plan::PlanRow row;
  row.name = "long";
  row.plan.forks = 10;
  row.plan.samples_per_fork = 100;
  row.plan.predicted_ns = 2 * 24 * 3600e9;  // two days
  row.measure_ms = 100;
  EXPECT_THAT(tare::plan::command_line(run, row, {0.01, 604800}), HasSubstr("--budget 604800s"));
}

}  // namespace

// What the pilot's first fork saw of a slow start is said under the plan: a start every
// fork waits out (it is in the fork cost), or a watch too short to have seen a longer one.
TEST(Plan, SaysWhatThePilotSawOfASlowStart) {
  Benchmark waited = pilot("waited"), short_watch = pilot("short"), full = pilot("full");
  waited.forks.front().slow_start = tare::results::SlowStart{1000, 300, 3, false, true};
  short_watch.forks.front().slow_start = tare::results::SlowStart{500, 0, 1, false, std::nullopt};
  full.forks.front().slow_start = tare::results::SlowStart{1000, 0, 1, false, std::nullopt};
  const Results run = pilot_run({waited, short_watch, full});
  const auto rows = tare::plan::plan_run(run, {0.01, 60});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_THAT(rows[0].slow_start_note, HasSubstr("waited: each fork waits out a slow start (3.0x slower for the first 300 ms)"));
  EXPECT_THAT(rows[1].slow_start_note, HasSubstr("short: the pilot watched its first process for 500 ms"));
  EXPECT_THAT(rows[1].slow_start_note, HasSubstr("--warmup-max-ms 1s"));
  EXPECT_EQ(rows[2].slow_start_note, "");
  std::ostringstream out;
  tare::tool::write_plan(run, rows, {0.01, 60}, out);
  EXPECT_THAT(out.str(), HasSubstr("short: the pilot watched its first process for 500 ms"));
}
