// Estimates and warnings from synthetic forks with known truth.
#include "analysis/summarize.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "registry/native_body.hpp"

using ::testing::Contains;
using ::testing::IsEmpty;
using ::testing::Not;
using tare::results::Benchmark;
using tare::results::Fork;
using tare::results::Sample;

namespace {
using tare::results::WarningCode;
namespace facts = tare::results::facts;
// A warning of this code; with `facts`, a finding whose facts match them.
auto Code(WarningCode code) { return ::testing::Field(&tare::results::Warning::code, code); }
template <class FactsMatcher>
auto Finding(WarningCode code, FactsMatcher facts) {
  return ::testing::AllOf(Code(code), ::testing::Field(&tare::results::Warning::facts, facts));
}
template <class Facts, class... FieldMatchers>
auto With(FieldMatchers... fields) {
  return ::testing::VariantWith<Facts>(::testing::AllOf(fields...));
}
auto Advised(WarningCode code, tare::results::AdviceKind kind, tare::detail::SourceApi api) {
  return ::testing::AllOf(Code(code), ::testing::Field(&tare::results::Warning::advice,
                                                       tare::results::Advice{kind, api}));
}
}  // namespace

namespace {

struct Fixture {
  tare::detail::BenchmarkSpec spec;
  tare::registry::Instance instance;
  tare::analysis::SummaryContext context;

  explicit Fixture(tare::Mode mode = tare::Mode::avgt) {
    spec.name = "x.y";
    spec.body = tare::registry::make_native_body<tare::NoState>([] {});
    instance.spec = &spec;
    instance.name = "x.y";
    instance.mode = mode;
    context.clock_cost_ns = 30;
  }
};

// A fork of `n` samples of 1000 ops each whose ns/op values are `mean` plus noise.
Fork fork_with_mean(double mean, double sd, int n, std::mt19937_64& rng) {
  std::normal_distribution<double> noise(0, sd);
  Fork f;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const double per_op = mean + noise(rng);
    f.samples.push_back(Sample{1000, per_op * 1000, per_op * 1000, {}});
    sum += per_op;
  }
  f.mean = sum / n;
  f.measured_ns = sum * 1000;
  f.floor_ns_per_op = 0.5;
  return f;
}

Benchmark summarized(Fixture& fx, std::vector<Fork> forks, tare::results::StopReason stop = tare::results::StopReason::target_ci) {
  Benchmark b;
  b.unit = "ns/op";
  b.forks = std::move(forks);
  b.stop_reason = stop;
  tare::analysis::summarize(b, fx.instance, fx.context);
  return b;
}

}  // namespace

TEST(Summarize, TheScoreIsTheMeanOfForkMeansWithATIntervalOverForks) {
  Fixture fx;
  std::mt19937_64 rng(1);
  std::vector<Fork> forks;
  for (double m : {10.0, 11.0, 12.0, 13.0, 14.0}) forks.push_back(fork_with_mean(m, 0.01, 50, rng));
  const Benchmark b = summarized(fx, forks);
  ASSERT_TRUE(b.score && b.ci && b.median);
  EXPECT_NEAR(*b.score, 12.0, 0.01);
  EXPECT_NEAR(*b.median, 12.0, 0.01);
  // sd of fork means = 1.5811; t(0.975, 4) = 2.776445; half-width = 2.776445 * 1.5811 / sqrt(5).
  EXPECT_NEAR(b.ci->high - *b.score, 2.776445 * 1.5811388 / std::sqrt(5.0), 0.01);
  EXPECT_NEAR(*b.between_fork_variance, 2.5, 0.01);
  EXPECT_NEAR(*b.within_fork_variance, 0.0001, 0.00005);
}

// The bootstrap is computed for a results file alone: a run that writes none, or a
// checkpoint, leaves it out and keeps every other estimate.
TEST(Summarize, TheBootstrapOnlyWhenAskedForAndNotInACheckpoint) {
  Fixture fx;
  std::mt19937_64 rng(4);
  std::vector<Fork> forks;
  for (double m : {10.0, 11.0, 12.0}) forks.push_back(fork_with_mean(m, 0.01, 20, rng));
  const Benchmark with = summarized(fx, forks);
  ASSERT_TRUE(with.bootstrap);
  EXPECT_GT(with.bootstrap->resamples, 0);
  fx.context.bootstrap = false;
  const Benchmark without = summarized(fx, forks);
  EXPECT_FALSE(without.bootstrap);
  ASSERT_TRUE(without.score && without.ci);
  EXPECT_EQ(*without.score, *with.score);
  EXPECT_EQ(without.ci->low, with.ci->low);
  fx.context.bootstrap = true;
  fx.context.checkpoint = true;
  EXPECT_FALSE(summarized(fx, forks).bootstrap);
}

TEST(Summarize, FailedForksDoNotEnterTheEstimate) {
  Fixture fx;
  std::mt19937_64 rng(2);
  std::vector<Fork> forks{fork_with_mean(10, 0.01, 20, rng), fork_with_mean(10, 0.01, 20, rng)};
  Fork failed;
  failed.ok = false;
  failed.mean = 1e9;
  forks.push_back(failed);
  EXPECT_NEAR(*summarized(fx, forks).score, 10.0, 0.01);
}

TEST(Summarize, WorkNotAboveTheFloorLooksOptimisedAway) {
  Fixture fx;
  std::mt19937_64 rng(3);
  std::vector<Fork> forks;
  for (int i = 0; i < 5; ++i) forks.push_back(fork_with_mean(0.55, 0.001, 20, rng));
  EXPECT_THAT(summarized(fx, forks).warnings, Contains(Code(WarningCode::optimised_away)));
  forks.clear();
  for (int i = 0; i < 5; ++i) forks.push_back(fork_with_mean(5.0, 0.001, 20, rng));
  EXPECT_THAT(summarized(fx, forks).warnings, Not(Contains(Code(WarningCode::optimised_away))));
}

// The advice is for the API the source is written against: a Google Benchmark source cannot
// call consume() or .acknowledge(), and its flags are Google Benchmark's (the words are the
// report's: tests/unit/report/warning_words_test.cpp).
TEST(Summarize, AdviceIsInTheWordsOfTheSourcesApi) {
  std::mt19937_64 rng(3);
  std::vector<Fork> deleted, apart, unsteady;
  for (int i = 0; i < 5; ++i) deleted.push_back(fork_with_mean(0.55, 0.001, 20, rng));
  for (double m : {10.0, 12.0, 11.0}) apart.push_back(fork_with_mean(m, 0.01, 20, rng));
  for (int i = 0; i < 4; ++i) unsteady.push_back(fork_with_mean(20.0, 0.01, 30, rng));
  unsteady[0].steady_class = unsteady[1].steady_class = tare::results::SteadyClass::no_steady_state;
  for (const auto api : {tare::detail::SourceApi::tare, tare::detail::SourceApi::google_benchmark}) {
    const bool google = api == tare::detail::SourceApi::google_benchmark;
    SCOPED_TRACE(google ? "Google Benchmark" : "tare");
    Fixture fx;
    fx.spec.api = api;
    fx.context.rule.target_relative_half_width = 0.01;
    EXPECT_THAT(summarized(fx, deleted).warnings,
                Contains(Advised(WarningCode::optimised_away, tare::results::AdviceKind::keep_the_work, api)));
    EXPECT_THAT(summarized(fx, apart, tare::results::StopReason::budget).warnings,
                Contains(Advised(WarningCode::target_not_reached, tare::results::AdviceKind::more_forks, api)));
    EXPECT_THAT(summarized(fx, unsteady).warnings,
                Contains(Advised(WarningCode::unsteady_forks, tare::results::AdviceKind::measure_longer, api)));
  }
}

// A busy machine slows most samples of an empty operation, some of them without the
// kernel seeing any wait (the host's other guests): one sample at the floor still shows
// what the operation costs.
TEST(Summarize, AnEmptyOperationMostlySlowedByNeighboursStillLooksOptimisedAway) {
  Fixture fx;
  std::mt19937_64 rng(4);
  std::vector<Fork> forks;
  for (int i = 0; i < 3; ++i) forks.push_back(fork_with_mean(1.6, 0.2, 30, rng));
  forks[1].samples[7] = Sample{1000, 560, 560, {}};
  EXPECT_THAT(summarized(fx, forks).warnings, Contains(Code(WarningCode::optimised_away)));
}

TEST(Summarize, ForksInTwoClustersAreCalledBimodal) {
  Fixture fx;
  std::mt19937_64 rng(4);
  std::vector<Fork> forks;
  for (int i = 0; i < 6; ++i) forks.push_back(fork_with_mean(i % 2 ? 58.0 : 68.0, 0.5, 30, rng));
  // Fork means vary by a few tenths within each mode.
  for (std::size_t i = 0; i < forks.size(); ++i) forks[i].mean += 0.1 * static_cast<double>(i % 3);
  const auto warnings = summarized(fx, forks).warnings;
  EXPECT_THAT(warnings, Contains(Finding(WarningCode::two_modes,
                                         With<facts::TwoModes>(::testing::Field(&facts::TwoModes::forks_a, 3),
                                                               ::testing::Field(&facts::TwoModes::forks_b, 3)))));
  // One problem, one warning: the modes say more than a spread between processes would.
  EXPECT_THAT(warnings, Not(Contains(Code(WarningCode::process_dependent))));
}

TEST(Summarize, AgreeingForksRaiseNoWarnings) {
  Fixture fx;
  std::mt19937_64 rng(5);
  std::vector<Fork> forks;
  for (int i = 0; i < 8; ++i) forks.push_back(fork_with_mean(20.0, 0.2, 30, rng));
  EXPECT_THAT(summarized(fx, forks).warnings, IsEmpty());
}

TEST(Summarize, AMissedTargetSaysWhyAndWhatToDo) {
  Fixture fx;
  fx.context.rule.target_relative_half_width = 0.01;
  std::mt19937_64 rng(6);
  std::vector<Fork> forks;
  // Fork means about 10, 12, 11: sd 1, half-width t(0.975, 2) * 1 / sqrt(3) = 2.48, i.e. 22.5% of 11
  // (the fork means carry a little sampling noise).
  for (double m : {10.0, 12.0, 11.0}) forks.push_back(fork_with_mean(m, 0.01, 20, rng));
  const auto missed = [](int forks, int scored) {
    using S = facts::StoppedShort;
    return Finding(WarningCode::target_not_reached,
                   With<S>(::testing::Field(&S::target, 0.01), ::testing::Field(&S::reached, ::testing::DoubleNear(0.225, 0.0005)),
                           ::testing::Field(&S::forks, forks), ::testing::Field(&S::scored, scored),
                           ::testing::Field(&S::budget_spent, true)));
  };
  EXPECT_THAT(summarized(fx, forks, tare::results::StopReason::budget).warnings, Contains(missed(3, 3)));
  // A fork other work held through every sample is left out of the score, though the table
  // counts it: the warning says how many forks the interval rests on.
  forks.push_back(fork_with_mean(11.0, 0.01, 20, rng));
  forks.back().disturbed_samples = static_cast<int>(forks.back().samples.size());
  EXPECT_THAT(summarized(fx, forks, tare::results::StopReason::budget).warnings, Contains(missed(4, 3)));
}

TEST(Summarize, LongTeardownsMajorFaultsAndUnsteadyForksAreReported) {
  Fixture fx;
  std::mt19937_64 rng(7);
  std::vector<Fork> forks;
  for (int i = 0; i < 4; ++i) forks.push_back(fork_with_mean(20.0, 0.01, 30, rng));
  forks[0].teardown_ns = forks[0].measured_ns;  // a quarter of all measured time
  forks[1].resources.major_faults = 3;
  forks[2].steady_class = tare::results::SteadyClass::no_steady_state;
  // One unsteady fork alone can be the machine: no warning until a second one shows a pattern.
  EXPECT_THAT(summarized(fx, forks).warnings, Not(Contains(Code(WarningCode::unsteady_forks))));
  EXPECT_THAT(summarized(fx, forks).warnings, Not(Contains(Code(WarningCode::unsteady_score))));
  forks[3].steady_class = tare::results::SteadyClass::no_steady_state;
  const auto warnings = summarized(fx, forks).warnings;
  EXPECT_THAT(warnings, Contains(Finding(WarningCode::teardown,
                                         With<facts::Amount>(::testing::Field(&facts::Amount::value,
                                                                              ::testing::DoubleNear(0.25, 0.0005))))));
  EXPECT_THAT(warnings, Contains(Finding(WarningCode::major_faults, tare::results::Facts{facts::Amount{3}})));
  EXPECT_THAT(warnings, Contains(Finding(WarningCode::unsteady_forks, tare::results::Facts{facts::Forks{2, 4}})));
}

// A profiler's forks (--prof alloc) counted with an instrument that made them slower, and
// each of them settled slower still: their figures are the profile's, and nothing else of
// them enters the score, its interval or the warnings.
TEST(Summarize, ProfilingForksGiveTheProfileAndNothingElse) {
  Fixture fx;
  fx.context.profilers = {tare::results::Profiler::alloc};
  std::mt19937_64 rng(11);
  std::vector<Fork> forks;
  for (int i = 0; i < 4; ++i) forks.push_back(fork_with_mean(20.0, 0.01, 30, rng));
  const Benchmark without = summarized(fx, forks);
  Benchmark b;
  b.unit = "ns/op";
  b.forks = forks;
  b.stop_reason = tare::results::StopReason::target_ci;
  for (int i = 0; i < 3; ++i) {
    Fork counting = fork_with_mean(35.0, 0.01, 30, rng);
    counting.steady_class = tare::results::SteadyClass::slowdown;
    counting.allocations = tare::results::Allocations{3000, 9000, 9000, 576000, 216};
    b.profiling_forks.push_back({tare::results::Profiler::alloc, counting});
  }
  tare::analysis::summarize(b, fx.instance, fx.context);
  ASSERT_TRUE(b.score && without.score);
  EXPECT_EQ(*b.score, *without.score);
  EXPECT_EQ(b.ci->low, without.ci->low);
  EXPECT_EQ(b.ci->high, without.ci->high);
  EXPECT_THAT(b.warnings, Not(Contains(Code(WarningCode::slowdown))));
  EXPECT_EQ(b.warnings.size(), without.warnings.size());
  ASSERT_FALSE(b.profile.empty());
  EXPECT_EQ(b.profile.front().name, "allocations");
  EXPECT_EQ(b.profile.front().mean, 3.0);
  EXPECT_EQ(b.profile.front().forks, 3);
  EXPECT_TRUE(b.profile.front().exact);
}

// Counts in the scored forks (a results file of an older tare) are not the profile's: only
// the profiler's own forks are.
TEST(Summarize, AllocationsInScoredForksAreNotTheProfile) {
  Fixture fx;
  fx.context.profilers = {tare::results::Profiler::alloc};
  std::mt19937_64 rng(12);
  std::vector<Fork> forks;
  for (int i = 0; i < 3; ++i) {
    forks.push_back(fork_with_mean(20.0, 0.01, 30, rng));
    forks.back().allocations = tare::results::Allocations{3000, 9000, 9000, 576000, 216};
  }
  EXPECT_THAT(summarized(fx, forks).profile, IsEmpty());
}

TEST(Summarize, DebugBuildsAreCalledOut) {
  Fixture fx;
  fx.spec.optimized = false;
  fx.spec.assertions = true;
  std::mt19937_64 rng(8);
  const auto warnings = summarized(fx, {fork_with_mean(5, 0.01, 10, rng), fork_with_mean(5, 0.01, 10, rng)}).warnings;
  EXPECT_THAT(warnings, Contains(Code(WarningCode::unoptimised_build)));
  EXPECT_THAT(warnings, Contains(Code(WarningCode::assertions_enabled)));
}

TEST(Summarize, ThroughputIsOperationsPerSecondPerFork) {
  Fixture fx(tare::Mode::thrpt);
  Fork f;
  f.samples = {Sample{1000, 1e6, 1e6, {}}, Sample{1000, 2e6, 2e6, {}}};  // 1e6 and 5e5 ops/s
  f.mean = 0.75e6;
  Fork g = f;
  const Benchmark b = summarized(fx, {f, g});
  EXPECT_DOUBLE_EQ(*b.score, 0.75e6);
}

TEST(Summarize, SampleModeReportsPercentilesOfSingleCalls) {
  Fixture fx(tare::Mode::sample);
  Fork f;
  for (int i = 1; i <= 100; ++i) f.samples.push_back(Sample{1, 1000.0 * i, 0, {}});
  f.mean = 50500;
  const Benchmark b = summarized(fx, {f, f});
  ASSERT_EQ(b.percentiles.size(), 6u);
  EXPECT_DOUBLE_EQ(b.percentiles.front().second, 1000);   // p0
  EXPECT_DOUBLE_EQ(b.percentiles[1].second, 50500);       // p50
  EXPECT_DOUBLE_EQ(b.percentiles.back().second, 100000);  // max
}

TEST(Summarize, ABenchmarkThatWaitsInsteadOfComputingIsCalledOut) {
  Fixture fx;
  std::mt19937_64 rng(9);
  std::vector<Fork> forks;
  for (int i = 0; i < 3; ++i) forks.push_back(fork_with_mean(1000, 1, 10, rng));
  EXPECT_THAT(summarized(fx, forks).warnings, Not(Contains(Code(WarningCode::waits))));
  for (auto& f : forks)
    for (auto& sample : f.samples) sample.cpu_ns = sample.ns / 4;  // asleep three quarters of the time
  EXPECT_THAT(summarized(fx, forks).warnings,
              Contains(Finding(WarningCode::waits, With<facts::Amount>(::testing::Field(
                                                       &facts::Amount::value, ::testing::DoubleNear(0.25, 0.005))))));
}

TEST(Summarize, FreshMemoryTouchedDuringMeasurementIsCalledOut) {
  Fixture fx;
  std::mt19937_64 rng(10);
  std::vector<Fork> forks;
  for (int i = 0; i < 3; ++i) forks.push_back(fork_with_mean(1000, 1, 10, rng));  // 10 ms per fork
  for (auto& f : forks) f.resources.minor_faults = 5;
  EXPECT_THAT(summarized(fx, forks).warnings, Not(Contains(Code(WarningCode::fresh_memory))));
  for (auto& f : forks) f.resources.minor_faults = 500;
  EXPECT_THAT(summarized(fx, forks).warnings,
              Contains(Finding(WarningCode::fresh_memory, With<facts::Amount>(::testing::Field(
                                                              &facts::Amount::value, ::testing::DoubleNear(50, 0.5))))));
}

TEST(Summarize, TheIntervalCoversTheTrueMeanAtItsNominalRateWhenForksDiffer) {
  // Known truth: each fork has its own mean (between-fork sd 2) around 100, and its samples
  // scatter around that (within-fork sd 5). A pooled interval over all samples would cover
  // far less than 95%; the interval over fork means must cover about 95%. (The bootstrap,
  // a secondary figure, is skipped as in a checkpoint: it would make this test slow.)
  Fixture fx;
  fx.context.checkpoint = true;
  std::mt19937_64 rng(2026);
  std::normal_distribution<double> fork_effect(0, 2);
  int covered = 0;
  const int experiments = 1000;
  for (int e = 0; e < experiments; ++e) {
    std::vector<Fork> forks;
    for (int f = 0; f < 5; ++f) forks.push_back(fork_with_mean(100 + fork_effect(rng), 5, 50, rng));
    const Benchmark b = summarized(fx, forks);
    if (b.ci->low <= 100 && 100 <= b.ci->high) ++covered;
  }
  const double coverage = static_cast<double>(covered) / experiments;
  EXPECT_GE(coverage, 0.93);
  EXPECT_LE(coverage, 0.97);
}

// Forks other work held the CPU through are left out of the score while two others remain;
// with fewer, the score counts them and says so rather than pass for a measurement.
TEST(Summarize, ForksOtherWorkHeldTheCpuThroughAreLeftOutOrTheScoreSaysSo) {
  Fixture fx;
  std::mt19937_64 rng(5);
  std::vector<Fork> forks;
  for (int i = 0; i < 5; ++i) forks.push_back(fork_with_mean(10.0, 0.01, 20, rng));
  for (auto& f : forks) {
    for (auto& s : f.samples) s.wait_ns = 0;
    f.disturbed_samples = 0;
  }
  // Two forks waited through all but one sample: 50% slower.
  for (int i : {0, 1}) {
    for (std::size_t k = 1; k < forks[i].samples.size(); ++k) {
      forks[i].samples[k].wait_ns = forks[i].samples[k].ns / 2;
      forks[i].samples[k].ns *= 1.5;
    }
    forks[i].disturbed_samples = 19;
    forks[i].mean = 15.0;  // what the fork analysis makes of it: all samples
  }
  const Benchmark left_out = summarized(fx, forks);
  EXPECT_NEAR(*left_out.score, 10.0, 0.01);
  EXPECT_FALSE(left_out.score_disturbed);
  EXPECT_THAT(left_out.warnings, Not(Contains(Code(WarningCode::score_disturbed))));

  for (int i : {2, 3}) forks[i] = forks[0];  // now only one fork was left alone
  const Benchmark counted = summarized(fx, forks);
  EXPECT_TRUE(counted.score_disturbed);
  EXPECT_GT(*counted.score, 12.0);
  EXPECT_THAT(counted.warnings,
              Contains(Finding(WarningCode::score_disturbed, tare::results::Facts{facts::Forks{4, 5}})));
}
