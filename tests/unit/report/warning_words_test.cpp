// The words of each finding: analysis says what it found as data (its tests assert codes and
// numbers); these are the sentences every output shows for them, exactly.
#include "report/warning_words.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tare::report {
namespace {

using results::Advice;
using results::SourceApi;
using results::AdviceKind;
using results::WarningCode;
namespace facts = results::facts;

results::Warning finding(WarningCode code, results::Facts found = {}, Advice advice = {}) {
  results::Warning w;
  w.code = code;
  w.facts = std::move(found);
  w.advice = advice;
  return w;
}

std::string words(WarningCode code, results::Facts found = {}, Advice advice = {}) {
  return warning_words(finding(code, std::move(found), advice), "ns/op");
}

TEST(WarningWords, ForksThatNeverSettledAndWhatToDoInTaresTerms) {
  EXPECT_EQ(words(WarningCode::unsteady_forks, facts::Forks{2, 4}, {AdviceKind::measure_longer, SourceApi::tare}),
            "no steady state in 2 of 4 forks: their speed changed late in the measurement, so they are left out of "
            "the score; raise --measure-ms to see where the speed settles");
  EXPECT_EQ(words(WarningCode::unsteady_score, facts::Forks{2, 3},
                  {AdviceKind::warm_up_and_measure_longer, SourceApi::tare}),
            "no steady state: 2 of 3 forks changed speed late in their measurement; the score mixes speeds and is "
            "not to be trusted (raise --warmup-max-ms or --measure-ms)");
  EXPECT_EQ(words(WarningCode::steady_unchecked, facts::Forks{1, 3, 9},
                  {AdviceKind::warm_up_and_measure_longer, SourceApi::google_benchmark}),
            "steady state unchecked in 1 of 3 forks: fewer than 9 samples to look for changes (samples are long; "
            "raise --benchmark_min_time: each process then warms up and measures longer)");
  EXPECT_EQ(words(WarningCode::slowdown, facts::Forks{3, 5}),
            "3 of 5 forks ran faster at first, then settled slower: the slower speed is the score; something in the "
            "measured code degrades as it runs (caches, memory growing)");
}

TEST(WarningWords, TheAdviceIsInTheWordsOfTheSourcesApi) {
  const facts::Cost floor{0.51, 0.5};
  const std::string tare = words(WarningCode::optimised_away, floor, {AdviceKind::keep_the_work, SourceApi::tare});
  EXPECT_EQ(tare,
            "looks optimised away, or is as cheap as the empty loop and cannot be resolved: 0.510 ns per op in its "
            "fastest sample is not above the empty-operation floor (0.500 ns); if the work was deleted, return the "
            "result or consume() it and pass inputs through opaque(); if it is real, .acknowledge() it");
  const std::string google =
      words(WarningCode::optimised_away, floor, {AdviceKind::keep_the_work, SourceApi::google_benchmark});
  EXPECT_THAT(google, ::testing::HasSubstr("pass its result to benchmark::DoNotOptimize()"));
  EXPECT_THAT(google, ::testing::HasSubstr("benchmark::ClobberMemory()"));
  EXPECT_THAT(google, ::testing::Not(::testing::HasSubstr("consume()")));
  EXPECT_STREQ(advice_words({AdviceKind::more_forks, SourceApi::tare}), "raise --budget or --max-forks");
  EXPECT_STREQ(advice_words({AdviceKind::more_forks, SourceApi::google_benchmark}),
               "more processes narrow it: tare's --budget (e.g. --budget 10s) adds them until the target is met, "
               "--benchmark_repetitions=N runs N");
  EXPECT_STREQ(advice_words({AdviceKind::measure_longer, SourceApi::google_benchmark}), "raise --benchmark_min_time");
  EXPECT_STREQ(advice_words({}), "");
}

TEST(WarningWords, APrecisionNotReachedSaysHowManyForksAndWhyItStopped) {
  facts::StoppedShort s{0.01, 0.225, 3, 3, 0, true};
  const Advice more{AdviceKind::more_forks, SourceApi::tare};
  EXPECT_EQ(words(WarningCode::target_not_reached, s, more),
            "target ±1% not reached: this run's own interval is ±22.5% after 3 forks (budget spent); raise --budget "
            "or --max-forks");
  s.forks = 4;
  s.budget_spent = false;
  EXPECT_EQ(words(WarningCode::target_not_reached, s, more),
            "target ±1% not reached: this run's own interval is ±22.5% after 4 forks, 3 of them scored (fork limit); "
            "raise --budget or --max-forks");
  EXPECT_EQ(words(WarningCode::forks_below_minimum, facts::StoppedShort{0, 0, 3, 3, 5, true}),
            "the budget was spent after 3 forks, fewer than the 5 scored forks asked for (--forks): raise --budget "
            "for more forks, or lower --forks");
  EXPECT_EQ(words(WarningCode::no_interval, facts::StoppedShort{.budget_spent = true}),
            "one fork only, the budget allowed no more: no confidence interval");
  EXPECT_EQ(words(WarningCode::no_interval, facts::StoppedShort{}), "only one fork succeeded: no confidence interval");
}

TEST(WarningWords, ScoresAreInTheBenchmarksUnit) {
  EXPECT_EQ(words(WarningCode::two_modes, facts::TwoModes{3, 58.2, 3, 68.4, 63.3}),
            "forks disagree (two modes): 3 forks near 58.2 ns/op, 3 near 68.4 ns/op; layout or placement luck "
            "differs between processes, so the mean 63.3 ns/op describes neither");
  EXPECT_EQ(warning_words(finding(WarningCode::forks_far_apart, facts::FarForks{1, 8, 4561}), "ns/op"),
            "1 of 8 forks far from the others: a process disturbed throughout, or unlucky memory layout; they stay "
            "in the score, so compare it with the median of the forks (4.56 µs/op)");
  EXPECT_EQ(words(WarningCode::machine_drift, facts::MachineDrift{0.2, 0.08, 0.02, 10.5, 0.25}),
            "machine speed moved 20.0% while this ran (reference workload) and the benchmark moved with it: at the "
            "slowest or fastest speed seen the score would be 8.0% off, beyond this run's own interval (±2.0%); "
            "rerun at a quieter time, or read the drift-normalized score 10.5 ns/op ± 0.250 ns/op");
  EXPECT_EQ(words(WarningCode::disturbed_samples, facts::DisturbedSamples{0.3, 12.5, 0.25}),
            "other work took the CPU during 30% of the samples (the benchmark waited for it): they are left out of "
            "the score, which with them would be 12.5 ns/op (+25.0%); a CPU of its own (taskset) or a quieter "
            "machine avoids it");
}

TEST(WarningWords, TheMachineAndTheProcessesInPercentAndRates) {
  EXPECT_EQ(words(WarningCode::process_dependent, facts::ProcessSpread{0.12, 0.07}),
            "the speed depends on the process: fork means differ by 12% (SD) beyond what their samples explain (at "
            "least 7%); the interval carries it, but more forks narrow it and longer forks do not; memory layout or "
            "CPU placement may matter as much as the code");
  EXPECT_EQ(words(WarningCode::score_disturbed, facts::Forks{4, 5}),
            "too few undisturbed samples: other work held the CPU through most samples of 4 of 5 forks, so the "
            "score counts the time it took; give the benchmark a CPU of its own (taskset -c) or run it at a "
            "quieter moment");
  EXPECT_EQ(words(WarningCode::waits, facts::Amount{0.25}),
            "the benchmark had the CPU for only 25% of its samples' time: it waited (I/O, locks, sleeps)");
  EXPECT_EQ(words(WarningCode::fresh_memory, facts::Amount{50}),
            "50 minor page faults per millisecond of measurement: the measured code keeps touching fresh memory "
            "(allocation, first touch)");
  EXPECT_EQ(words(WarningCode::teardown, facts::Amount{0.25}),
            "teardown (the state's destruction) took 25.0% of the measured time: if the operation defers work "
            "(frees, background work), some of its cost falls outside the measurement");
  EXPECT_EQ(words(WarningCode::major_faults, facts::Amount{3}),
            "3 major page faults during measurement (I/O in the measured code?)");
  EXPECT_EQ(words(WarningCode::machine_busy, facts::Amount{240}),
            "machine busy: 240 involuntary context switches per second of measurement");
}

TEST(WarningWords, TheClockAndTheHarnessInTimes) {
  EXPECT_EQ(words(WarningCode::timer_cost, facts::Cost{20, 80}),
            "per-invocation hooks time every call: the clock's cost (20.0 ns per op) is 25% of the score");
  EXPECT_EQ(words(WarningCode::coarse_clock, facts::Cost{150, 30}),
            "clock too coarse for the op: median call 150 ns is under 10x the clock's cost (30.0 ns); per-call "
            "times mostly measure the clock (use avgt for the mean)");
}

TEST(WarningWords, ASlowStartInDurations) {
  EXPECT_EQ(words(WarningCode::slow_start, facts::SlowStart{3, 300e6, 502e6, 450e6}),
            "slow start: 3.0x slower at first, at full speed only 300 ms into each process (the first process was "
            "watched for 502 ms); every later fork warmed up until its process was 450 ms old");
  EXPECT_EQ(words(WarningCode::slow_start_unchecked, facts::Watch{502e6}),
            "a slow start longer than 502 ms was not looked for (the first process was watched for 502 ms): "
            "--warmup-max-ms 1s watches as far as tare's defaults");
  EXPECT_EQ(words(WarningCode::slow_start_unbounded, facts::Watch{1.2e9}),
            "the speed still changed late in the 1.20 s the first process was watched: a slow start longer than "
            "that would be measured as speed; raise --warmup-max-ms");
}

TEST(WarningWords, ThreadsThatTookTurnsSayHowManyRanWhenKnown) {
  EXPECT_EQ(words(WarningCode::threads_apart, facts::ThreadsApart{2, 10, 1.0, 2}),
            "threads did not run at once in 2 of 10 samples (on average 1.0 of 2 threads ran): too few free CPUs, so "
            "they took turns and the score is not that of 2 threads running together; free CPUs or use fewer "
            "threads");
  EXPECT_THAT(words(WarningCode::threads_apart, facts::ThreadsApart{2, 3, 0, 2}),
              ::testing::Not(::testing::HasSubstr("on average")));
}

TEST(WarningWords, FindingsWhoseCodeSaysItAll) {
  EXPECT_EQ(words(WarningCode::unoptimised_build),
            "built without optimisation (no -O): this score says little about optimised code; build Release");
  EXPECT_EQ(words(WarningCode::assertions_enabled), "built without NDEBUG: assertions are compiled into the measured code");
  const std::string stale = words(WarningCode::stale_input);
  EXPECT_THAT(stale, ::testing::HasSubstr("before_each"));
  EXPECT_THAT(stale, ::testing::HasSubstr("const State&"));
}

TEST(WarningWords, AFailedForkNamesItsError) {
  EXPECT_EQ(words(WarningCode::failed, facts::Failure{"killed by signal 11"}),
            "a fork failed (killed by signal 11): whatever the forks before it measured is not to be used");
  EXPECT_EQ(words(WarningCode::failed, facts::Failure{}),
            "a fork failed (no error recorded): whatever the forks before it measured is not to be used");
}

// A warning read from a results file has its words and no facts: the words are shown as
// they were written, whatever the code.
TEST(WarningWords, AWarningWithWordsOfItsOwnIsThoseWords) {
  results::Warning read = finding(WarningCode::waits);
  read.text = "the benchmark had the CPU for only 40% of its samples' time: it waited (I/O, locks, sleeps)";
  EXPECT_EQ(warning_words(read, "ns/op"), read.text);
  read.code = WarningCode::unclassified;
  read.text = "a newer tare's warning";
  EXPECT_EQ(warning_words(read, "ns/op"), "a newer tare's warning");
}

}  // namespace
}  // namespace tare::report
