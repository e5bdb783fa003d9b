// The one interval every output shows beside a score: across runs when the machine's speed
// between runs is known, else this run's own, and the words that name it.
#include "report/score_interval.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tare::report {
namespace {

results::Benchmark with_own_interval() {
  results::Benchmark b;
  b.score = 10;
  b.ci = results::Interval{0.95, 9.9, 10.1};
  return b;
}

TEST(ScoreInterval, AcrossRunsWhenKnownElseThisRunsOwn) {
  results::Benchmark b = with_own_interval();
  auto headline = headline_interval(b);
  ASSERT_TRUE(headline);
  EXPECT_EQ(headline->scope, IntervalScope::this_run);
  EXPECT_EQ(headline->interval.low, 9.9);
  b.ci_across_runs = results::Interval{0.95, 9.5, 10.5};
  headline = headline_interval(b);
  ASSERT_TRUE(headline);
  EXPECT_EQ(headline->scope, IntervalScope::across_runs);
  EXPECT_EQ(headline->interval.low, 9.5);
  EXPECT_EQ(headline->interval.high, 10.5);
  EXPECT_FALSE(headline_interval(results::Benchmark{}));  // no estimate, no interval
}

TEST(ScoreInterval, NamedInWordsAndByItsJsonKey) {
  EXPECT_STREQ(scope_words(IntervalScope::across_runs), "across runs");
  EXPECT_STREQ(scope_words(IntervalScope::this_run), "this run only");
  EXPECT_STREQ(scope_key(IntervalScope::across_runs), "ci_across_runs");
  EXPECT_STREQ(scope_key(IntervalScope::this_run), "ci");
}

TEST(ScoreInterval, ARunsScopesAreEachNamedOnce) {
  results::Run run;
  EXPECT_TRUE(run_scopes(run).empty());
  run.benchmarks = {with_own_interval(), with_own_interval(), results::Benchmark{}};
  EXPECT_EQ(run_scopes(run), std::vector<IntervalScope>{IntervalScope::this_run});
  for (auto& b : run.benchmarks)
    if (b.ci) b.ci_across_runs = results::Interval{0.95, 9.5, 10.5};
  EXPECT_EQ(run_scopes(run), std::vector<IntervalScope>{IntervalScope::across_runs});
  run.benchmarks[1].ci_across_runs.reset();  // only an edited file mixes them
  EXPECT_EQ(run_scopes(run), (std::vector<IntervalScope>{IntervalScope::across_runs, IntervalScope::this_run}));
  // Only the rows a table shows an interval for: here all but the second.
  std::size_t index = 0;
  EXPECT_EQ(run_scopes(run, [&index](const results::Benchmark&) { return index++ != 1; }),
            std::vector<IntervalScope>{IntervalScope::across_runs});
  EXPECT_EQ(scopes_explained(run_scopes(run)),
            "across runs: this run's forks and the machine's speed between runs; or of this run only, over its forks: "
            "the machine's speed between runs is not known");
  EXPECT_EQ(scopes_explained({}), "");
}

TEST(ScoreInterval, AnOwnHistoryIsNamedWhereAnyBenchmarksSpreadCameFromIt) {
  results::Run run;
  run.benchmarks = {with_own_interval(), with_own_interval()};
  run.benchmarks[0].across_runs = results::AcrossRuns{results::SpreadSource::machine_speed, 2, 0, 0.01, -1, 0};
  EXPECT_FALSE(any_own_history(run));
  run.benchmarks[1].across_runs = results::AcrossRuns{results::SpreadSource::shrunk, 6, 0, 0.01, 0.012, 9};
  EXPECT_TRUE(any_own_history(run));
  EXPECT_STREQ(scope_explained(IntervalScope::across_runs, true),
               "across runs: this run's forks and the spread between the benchmark's past runs, else the machine's "
               "speed between runs");
  EXPECT_STREQ(scope_explained(IntervalScope::this_run, true), scope_explained(IntervalScope::this_run));
}

}  // namespace
}  // namespace tare::report
