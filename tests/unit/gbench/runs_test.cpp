// The runs handed to Google Benchmark's reporters, from tare's forks: Iterations count what the
// row's time rests on (every measured iteration of the forks the score rests on; a
// repetition's, its fork's), while the counters stay a call's, as the code set them in one
// Google Benchmark run, finished as Google Benchmark finishes a run's.
#include "runs.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace tare::gbench {
namespace runs_test {

using benchmark::Counter;

void body(benchmark::State& state) {
  for (auto _ : state) {
  }
}

struct Family {
  Family() : function("BM_runs", &body) {
    instance.family = &function;
    instance.name = "BM_runs";
    instance.name_parts.function_name = "BM_runs";
  }
  benchmark::internal::FunctionBenchmark function;
  Instance instance;
};

nlohmann::json counter(double value, int flags) { return {{"value", value}, {"flags", flags}, {"one_k", 1000}}; }

// A fork of 10 ns per iteration: its measured samples of `ops` each, and what its calls
// reported (a call of `call_iterations`, counters set from them as a source sets them).
results::Fork fork_of(const std::vector<std::uint64_t>& ops, double call_iterations,
                      results::SteadyClass steady = results::SteadyClass::flat) {
  results::Fork f;
  for (const auto n : ops) {
    results::Sample s;
    s.ops = n;
    s.ns = s.cpu_ns = 10.0 * static_cast<double>(n);
    f.samples.push_back(s);
  }
  f.ops_per_sample = ops.front();
  f.mean = 10;
  f.disturbed_samples = 0;
  f.steady_class = steady;
  f.annotations = nlohmann::json{{"iterations", call_iterations},
                                 {"counters",
                                  {{"invariant", counter(2, Counter::kIsIterationInvariant)},
                                   {"per_iteration", counter(3 * call_iterations, Counter::kAvgIterations)},
                                   {"rate", counter(call_iterations, Counter::kIsRate)},
                                   {"answer", counter(42, Counter::kDefaults)}}}}
                      .dump();
  return f;
}

// Two steady forks measuring 3,000 and 4,000 iterations (calls of 5,000 and 8,000), and one
// that never settled, left out of the score.
results::Run three_forks() {
  results::Benchmark b;
  b.name = b.family = "BM_runs";
  b.forks = {fork_of({1000, 1000, 1000}, 5000), fork_of({2000, 2000}, 8000),
             fork_of({500, 500}, 9000, results::SteadyClass::no_steady_state)};
  b.score = 10;
  results::Run run;
  run.benchmarks.push_back(b);
  return run;
}

TEST(GbenchRuns, ABenchmarksRowCountsEveryIterationItsScoredForksMeasured) {
  Family family;
  const auto reports = make_reports(three_forks(), {family.instance}, {});
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_EQ(reports[0].runs.size(), 1u);
  const auto& run = reports[0].runs[0];
  EXPECT_EQ(run.iterations, 7000);  // 3,000 + 4,000; the unsteady fork's 1,000 are not in the score
  EXPECT_DOUBLE_EQ(run.GetAdjustedRealTime(), 10);
  EXPECT_DOUBLE_EQ(run.GetAdjustedCPUTime(), 10);
  // Declared constant per iteration: that value times the Iterations shown.
  EXPECT_DOUBLE_EQ(run.counters.at("invariant").value, 2 * 7000);
  // The others as a call left them: per iteration exactly, a rate over its time, a constant.
  EXPECT_DOUBLE_EQ(run.counters.at("per_iteration").value, 3);
  EXPECT_DOUBLE_EQ(run.counters.at("rate").value, 1e8);  // one iteration per 10 ns
  EXPECT_DOUBLE_EQ(run.counters.at("answer").value, 42);
}

TEST(GbenchRuns, ARepetitionsRowCountsWhatItsForkMeasured) {
  Family family;
  ReportOptions options;
  options.repetitions = 3;
  const auto reports = make_reports(three_forks(), {family.instance}, options);
  ASSERT_EQ(reports.size(), 1u);
  const auto& runs = reports[0].runs;
  ASSERT_EQ(runs.size(), 3u);
  const std::vector<benchmark::IterationCount> measured = {3000, 4000, 1000};
  for (std::size_t k = 0; k < runs.size(); ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(runs[k].iterations, measured[k]);
    EXPECT_DOUBLE_EQ(runs[k].counters.at("invariant").value, 2.0 * static_cast<double>(measured[k]));
    EXPECT_DOUBLE_EQ(runs[k].counters.at("per_iteration").value, 3);
    EXPECT_DOUBLE_EQ(runs[k].counters.at("rate").value, 1e8);
  }
  // The aggregates count the repetitions, as Google Benchmark's do.
  ASSERT_FALSE(reports[0].aggregates.empty());
  for (const auto& aggregate : reports[0].aggregates) EXPECT_EQ(aggregate.iterations, 3);
}

}  // namespace runs_test
}  // namespace tare::gbench
