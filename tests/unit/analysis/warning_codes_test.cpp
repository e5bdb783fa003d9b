// Every warning carries a code and the severity that code has, and a benchmark can
// acknowledge the ones it expects.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "analysis/summarize.hpp"
#include "analysis/warning_severity.hpp"
#include "registry/native_body.hpp"

namespace {

using tare::results::Severity;
using tare::results::WarningCode;

struct CodesFixture {
  tare::detail::BenchmarkSpec spec;
  tare::registry::Instance instance;
  tare::analysis::SummaryContext context;

  CodesFixture() {
    spec.name = "x.y";
    spec.body = tare::registry::make_native_body<tare::NoState>([] {});
    instance.spec = &spec;
    instance.name = "x.y";
    instance.mode = tare::Mode::avgt;
    context.clock_cost_ns = 30;
  }

  tare::results::Benchmark summarized(std::vector<tare::results::Fork> forks,
                                      tare::results::StopReason stop = tare::results::StopReason::target_ci) {
    tare::results::Benchmark b;
    b.unit = "ns/op";
    b.forks = std::move(forks);
    b.stop_reason = stop;
    tare::analysis::summarize(b, instance, context);
    return b;
  }
};

tare::results::Fork fork_at(double ns_per_op, std::mt19937_64& rng) {
  std::normal_distribution<double> noise(0, ns_per_op * 0.001);
  tare::results::Fork f;
  double sum = 0;
  for (int i = 0; i < 20; ++i) {
    const double per_op = ns_per_op + noise(rng);
    f.samples.push_back(tare::results::Sample{1000, per_op * 1000, per_op * 1000, {}});
    sum += per_op;
  }
  f.mean = sum / 20;
  f.measured_ns = sum * 1000;
  f.floor_ns_per_op = 0.5;
  return f;
}

const tare::results::Warning* find(const tare::results::Benchmark& b, WarningCode code) {
  const auto it = std::find_if(b.warnings.begin(), b.warnings.end(), [&](const auto& w) { return w.code == code; });
  return it == b.warnings.end() ? nullptr : &*it;
}

}  // namespace

TEST(WarningCodes, WorkOptimisedAwayAndAnUnoptimisedBuildAreUnusable) {
  CodesFixture fx;
  fx.spec.optimized = false;
  std::mt19937_64 rng(1);
  const auto b = fx.summarized({fork_at(0.55, rng), fork_at(0.55, rng), fork_at(0.55, rng)});
  const auto* away = find(b, WarningCode::optimised_away);
  ASSERT_NE(away, nullptr);
  EXPECT_EQ(away->severity, Severity::unusable);
  EXPECT_FALSE(away->acknowledged);
  // The fastest sample's time per op, against the floor, and what to do in tare's terms.
  const auto* cost = std::get_if<tare::results::facts::Cost>(&away->facts);
  ASSERT_NE(cost, nullptr);
  EXPECT_LE(cost->ns, 1.25 * 0.5);
  EXPECT_DOUBLE_EQ(cost->against_ns, 0.5);
  EXPECT_EQ(away->advice, (tare::results::Advice{tare::results::AdviceKind::keep_the_work, tare::results::SourceApi::tare}));
  const auto* build = find(b, WarningCode::unoptimised_build);
  ASSERT_NE(build, nullptr);
  EXPECT_EQ(build->severity, Severity::unusable);
}

TEST(WarningCodes, AnAcknowledgedWarningIsKeptAndMarked) {
  CodesFixture fx;
  fx.spec.acknowledged = {tare::Warning::optimised_away};
  std::mt19937_64 rng(2);
  const auto b = fx.summarized({fork_at(0.55, rng), fork_at(0.55, rng), fork_at(0.55, rng)});
  const auto* away = find(b, WarningCode::optimised_away);
  ASSERT_NE(away, nullptr);
  EXPECT_TRUE(away->acknowledged);
  EXPECT_EQ(away->severity, Severity::unusable);  // its weight is the code's; the benchmark only knows it
}

TEST(WarningCodes, ABudgetThatCutsForksBelowTheMinimumSaysSo) {
  CodesFixture fx;
  fx.context.rule.min_forks = 5;
  std::mt19937_64 rng(3);
  const std::vector forks{fork_at(10, rng), fork_at(12, rng), fork_at(11, rng)};
  const auto cut = fx.summarized(forks, tare::results::StopReason::budget);
  const auto* below = find(cut, WarningCode::forks_below_minimum);
  ASSERT_NE(below, nullptr);
  EXPECT_EQ(below->severity, Severity::note);
  const auto* s = std::get_if<tare::results::facts::StoppedShort>(&below->facts);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->forks, 3);
  EXPECT_EQ(s->scored, 3);
  EXPECT_EQ(s->min_forks, 5);
  EXPECT_TRUE(s->budget_spent);
  // Stopped by the target or with enough forks: nothing to say.
  EXPECT_EQ(find(fx.summarized(forks, tare::results::StopReason::target_ci), WarningCode::forks_below_minimum), nullptr);
  fx.context.rule.min_forks = 3;
  EXPECT_EQ(find(fx.summarized(forks, tare::results::StopReason::budget), WarningCode::forks_below_minimum), nullptr);
}

TEST(WarningCodes, AFailedBenchmarkCarriesAnUnusableWarningWithItsError) {
  CodesFixture fx;
  std::mt19937_64 rng(4);
  tare::results::Benchmark b;
  b.unit = "ns/op";
  b.forks = {fork_at(10, rng)};
  b.forks.emplace_back();
  b.forks.back().ok = false;
  b.ok = false;
  b.error = "killed by signal 11";
  b.stop_reason = tare::results::StopReason::failed;
  tare::analysis::summarize(b, fx.instance, fx.context);
  const auto* failed = find(b, WarningCode::failed);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->severity, Severity::unusable);
  EXPECT_EQ(failed->facts, tare::results::Facts{tare::results::facts::Failure{"killed by signal 11"}});
}

// Every acknowledgeable warning maps to a code of its own.
TEST(WarningCodes, EveryAcknowledgeableWarningHasItsCode) {
  const tare::Warning all[] = {tare::Warning::optimised_away, tare::Warning::slowdown,       tare::Warning::two_modes,
                               tare::Warning::process_dependent, tare::Warning::forks_far_apart, tare::Warning::waits,
                               tare::Warning::fresh_memory,   tare::Warning::teardown,       tare::Warning::major_faults,
                               tare::Warning::timer_cost,     tare::Warning::coarse_clock};
  std::vector<WarningCode> codes;
  for (const auto w : all) codes.push_back(tare::analysis::code_of(w));
  EXPECT_EQ(std::count(codes.begin(), codes.end(), WarningCode::unclassified), 0);
  std::sort(codes.begin(), codes.end());
  EXPECT_EQ(std::unique(codes.begin(), codes.end()), codes.end());
}

// A first fork that watched less than tare's own second could not see a longer slow start:
// said as a note; a full watch, or a slow start it found and the second fork confirmed, is not.
TEST(WarningCodes, AWatchShorterThanASecondSaysALongerSlowStartWasNotLookedFor) {
  CodesFixture fx;
  std::mt19937_64 rng(9);
  const auto with_watch = [&](double horizon_ms, double start_ms, std::optional<bool> confirmed) {
    std::vector forks{fork_at(10, rng), fork_at(10, rng), fork_at(10, rng)};
    forks.front().slow_start = tare::results::SlowStart{horizon_ms, start_ms, start_ms > 0 ? 3.0 : 1.0, false, confirmed};
    return fx.summarized(forks);
  };
  const auto short_watch = with_watch(502, 0, std::nullopt);
  const auto* unchecked = find(short_watch, WarningCode::slow_start_unchecked);
  ASSERT_NE(unchecked, nullptr);
  EXPECT_EQ(unchecked->severity, Severity::note);
  EXPECT_EQ(unchecked->facts, tare::results::Facts{tare::results::facts::Watch{502e6}});
  EXPECT_EQ(find(with_watch(1003, 0, std::nullopt), WarningCode::slow_start_unchecked), nullptr);
  const auto found = with_watch(502, 300, true);
  EXPECT_EQ(find(found, WarningCode::slow_start_unchecked), nullptr);
  EXPECT_NE(find(found, WarningCode::slow_start), nullptr);
  // A start the second fork did not repeat was noise: the watch was still short.
  EXPECT_NE(find(with_watch(502, 300, false), WarningCode::slow_start_unchecked), nullptr);
}
