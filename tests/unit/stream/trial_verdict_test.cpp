// Tests of the sustainability verdict (verdict.hpp) on synthetic evidence whose truth is
// known by construction: a flat noisy backlog, a backlog leaking 3% of the offered rate, a
// rising event-time p99, a significant but immaterial drift, a square-wave backlog and
// Karimov's square-wave load over whole periods, the hard cap, a late driver and trials
// too short to judge. Noise comes from fixed seeds, so every figure is reproducible.
#include "stream/verdict/trial_verdict.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <ostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "stats/descriptive.hpp"

#include "fixtures.hpp"

namespace tare::stream {

// gtest prints a failed EXPECT_EQ on verdicts by name (found by ADL, so not in the
// anonymous namespace).
void PrintTo(Verdict verdict, std::ostream* os) { *os << verdict_name(verdict); }

namespace {

using Curve = std::function<double(double)>;
using ::testing::HasSubstr;
using ::testing::Not;

using testing::kMs;

// A trial described by curves over driver time: backlog samples every `sample_s` from 0 to
// `end_s`, latency intervals of `interval_s`; generated(t) is offered_rate * t unless given.
struct Synthetic {
  double offered_rate = 50'000;
  double warmup_s = 10, end_s = 60;
  double sample_s = 0.1, interval_s = 1.0;
  Curve generated;
  Curve backlog = [](double) { return 0.0; };
  Curve p99_ns = [](double) { return 5 * kMs; };
  Curve p50_ns;  ///< default: half the p99

  TrialEvidence evidence() const {
    TrialEvidence e;
    e.offered_rate = offered_rate;
    e.warmup_end_s = warmup_s;
    e.end_s = end_s;
    for (int k = 0; k * sample_s <= end_s + 1e-9; ++k) {
      const double t = k * sample_s;
      const auto made = static_cast<std::uint64_t>(std::llround(generated ? generated(t) : offered_rate * t));
      const auto waiting = std::min(made, static_cast<std::uint64_t>(std::llround(std::max(0.0, backlog(t)))));
      e.backlog.push_back({t, made, made - waiting});
    }
    for (int k = 0; (k + 1) * interval_s <= end_s + 1e-9; ++k) {
      const double start = k * interval_s;
      const double p99 = p99_ns(start + interval_s / 2);
      const double p50 = p50_ns ? p50_ns(start + interval_s / 2) : p99 / 2;
      e.event_time.push_back({start, interval_s, 1000, p50, p99, 1.5 * p99});
    }
    return e;
  }
};

Curve noisy(Curve curve, double sd, unsigned seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [curve, sd, rng](double t) { return curve(t) + std::normal_distribution<double>(0, sd)(*rng); };
}

std::string all_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

TEST(Verdict, Names) {
  EXPECT_STREQ(verdict_name(Verdict::sustainable), "sustainable");
  EXPECT_STREQ(verdict_name(Verdict::unsustainable), "unsustainable");
  EXPECT_STREQ(verdict_name(Verdict::invalid), "invalid");
}

TEST(Verdict, FlatNoisyBacklogIsSustainable) {
  Synthetic trial;
  trial.backlog = noisy([](double) { return 2000.0; }, 500, 1);
  trial.p99_ns = noisy([](double) { return 5 * kMs; }, 0.5 * kMs, 2);
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
  EXPECT_TRUE(v.reasons.empty());
  EXPECT_TRUE(v.notes.empty());
  EXPECT_EQ(v.backlog_points, 500u);  // t = 10.0 .. 59.9
  EXPECT_EQ(v.latency_points, 50u);   // [10, 11) .. [59, 60)
  EXPECT_LT(std::abs(v.backlog_slope_per_s), 0.01 * trial.offered_rate);
  EXPECT_NEAR(v.delivered_fraction, 1.0, 1e-3);
}

TEST(Verdict, LeakOfThreePercentIsUnsustainableWithTheFigure) {
  Synthetic trial;
  trial.backlog = [&](double t) { return 0.03 * trial.offered_rate * t; };
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  EXPECT_NEAR(v.backlog_slope_per_s, 1500, 1e-6);
  EXPECT_NEAR(v.delivered_fraction, 0.97, 1e-4);
  ASSERT_EQ(v.reasons.size(), 2u);
  EXPECT_EQ(v.reasons[0], "backlog grew 1500 events/s (3% of the offered 50000/s; limit 1%)");
  EXPECT_EQ(v.reasons[1], "the SUT took 97.00% of the events offered (limit 99%)");
}

TEST(Verdict, NoisyLeakIsStillMeasured) {
  Synthetic trial;
  trial.backlog = noisy([&](double t) { return 0.03 * trial.offered_rate * t; }, 3000, 3);
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  EXPECT_NEAR(v.backlog_slope_per_s, 1500, 150);  // within 10% (research notes, test 3)
  EXPECT_THAT(all_lines(v.reasons), HasSubstr("of the offered 50000/s; limit 1%)"));
}

TEST(Verdict, LeakJustUnderTheLimitPasses) {
  Synthetic trial;
  trial.backlog = [&](double t) { return 0.009 * trial.offered_rate * t; };
  trial.backlog = noisy(trial.backlog, 100, 4);
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
}

TEST(Verdict, RisingEventTimeP99IsUnsustainable) {
  Synthetic trial;
  trial.p99_ns = [](double t) { return 5 * kMs + 0.031e9 * t; };  // 0.031 s per s
  trial.p50_ns = [](double) { return 2 * kMs; };  // only the tail
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  EXPECT_NEAR(v.latency_p99_slope_ns_per_s, 0.031e9, 1);
  EXPECT_LT(v.latency_trend_p_value, 1e-10);
  ASSERT_EQ(v.reasons.size(), 2u);  // and rule 2b: the slowest outputs' work held grew
  EXPECT_THAT(v.reasons[1], HasSubstr("work held by a part of the SUT grew"));
  EXPECT_THAT(v.reasons[0], HasSubstr("event-time p99 rose 0.031 s per s (Mann-Kendall p = "));
  EXPECT_THAT(v.reasons[0], HasSubstr("1.55 s over the 50 s window, limit 545 ms)"));
}

TEST(Verdict, NoisyRisingP99IsUnsustainable) {
  Synthetic trial;
  trial.p99_ns = noisy([](double t) { return 50 * kMs + 2 * kMs * t; }, 10 * kMs, 5);
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  EXPECT_NEAR(v.latency_p99_slope_ns_per_s, 2 * kMs, 0.5 * kMs);
}

// Issue 16's case: a SUT of capacity 5,000/s offered 1.6% more. Its own buffers absorb the
// overload for the whole trial, so the driver's backlog stays flat, but every held event
// waits: the typical output's latency rises by 0.016 s per s (80 events/s / 5,000/s). A 3 s
// search trial (warmup 0.6 s, 100 ms intervals), p50 jittering by 2 ms.
Synthetic sut_held_overload(double overload, unsigned seed) {
  Synthetic trial;
  trial.offered_rate = 5000;
  trial.warmup_s = 0.6;
  trial.end_s = 3;
  trial.sample_s = trial.interval_s = 0.1;
  trial.backlog = noisy([](double) { return 20.0; }, 10, seed);
  trial.p50_ns = noisy([overload](double t) { return 15 * kMs + overload * 1e9 * t; }, 2 * kMs, seed + 1);
  trial.p99_ns = [](double) { return 40 * kMs; };
  return trial;
}

TEST(Verdict, BacklogHeldInTheSutIsSeenAsRisingTypicalLatency) {
  const TrialVerdict v = judge_trial(sut_held_overload(0.016, 11).evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  EXPECT_LT(std::abs(v.backlog_slope_per_s), 50);  // the driver's queue saw nothing
  EXPECT_NEAR(v.held_slope_per_s, 80, 20);
  EXPECT_LT(v.held_trend_p_value, 0.001);
  ASSERT_EQ(v.reasons.size(), 1u) << all_lines(v.reasons);
  EXPECT_THAT(v.reasons[0], HasSubstr("of the offered 5000/s; limit 1%): event-time p50 rose"));
}

// Issue 16's partitioned case: the busiest of 2 workers serves 52% of the events and is
// 2.1% over its capacity, the other is not. The typical output (p50) stays flat, while the
// busiest worker's outputs, the slowest, wait 0.021 s longer each second: the p99 shows it.
TEST(Verdict, BacklogHeldByOneWorkerIsSeenInTheSlowestOutputs) {
  Synthetic trial = sut_held_overload(0, 41);
  trial.p99_ns = noisy([](double t) { return 12 * kMs + 0.021e9 * t; }, 3 * kMs, 42);
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::unsustainable) << all_lines(v.reasons);
  EXPECT_LT(std::abs(v.held_slope_per_s), 25);  // the typical output saw nothing
  EXPECT_THAT(all_lines(v.reasons), HasSubstr("work held by a part of the SUT grew: the slowest outputs' event-time "
                                              "p99 rose"));
}

TEST(Verdict, HeldWorkGrowingWithinTheSlackPasses) {
  for (unsigned seed = 20; seed < 30; ++seed) {
    const TrialVerdict v = judge_trial(sut_held_overload(0.003, seed).evidence());
    EXPECT_EQ(v.verdict, Verdict::sustainable) << "seed " << seed << ": " << all_lines(v.reasons);
  }
  const TrialVerdict flat = judge_trial(sut_held_overload(0, 31).evidence());
  EXPECT_EQ(flat.verdict, Verdict::sustainable) << all_lines(flat.reasons);
  EXPECT_LT(std::abs(flat.held_slope_per_s), 25);
}

TEST(Verdict, SignificantButImmaterialDriftPasses) {
  // Strictly increasing, so Mann-Kendall is certain, but 10 µs/s is 0.5 ms over the window:
  // under both half the median p99 (2.5 ms) and the 5 ms floor.
  Synthetic trial;
  trial.p99_ns = [](double t) { return 5 * kMs + 1e4 * t; };
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_LT(v.latency_trend_p_value, 1e-10);
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
}

TEST(Verdict, MaterialButInsignificantRisePasses) {
  // A real rise of 1 ms/s drowned in noise of 100 ms: this draw's Theil-Sen growth is over
  // the limit, but Mann-Kendall cannot tell it from noise, so it decides nothing.
  Synthetic trial;
  trial.p99_ns = noisy([](double t) { return 100 * kMs + 1 * kMs * t; }, 100 * kMs, 2);
  const TrialEvidence e = trial.evidence();
  std::vector<double> p99s;
  for (const IntervalLatency& interval : e.event_time) {
    if (interval.start_s >= trial.warmup_s) p99s.push_back(interval.p99_ns);
  }
  const TrialVerdict v = judge_trial(e);
  EXPECT_GT(v.latency_p99_slope_ns_per_s * 50, 0.5 * stats::median(p99s));
  EXPECT_GT(v.latency_trend_p_value, 0.05);
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
}

TEST(Verdict, SquareWaveBacklogOverWholePeriodsIsSustainable) {
  Synthetic trial;  // window [10, 60): five periods of 10 s
  trial.backlog = [](double t) { return std::fmod(t, 10.0) < 5.0 ? 20'000.0 : 100.0; };
  trial.p99_ns = [](double t) { return std::fmod(t, 10.0) < 5.0 ? 400 * kMs : 5 * kMs; };
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
  EXPECT_EQ(v.backlog_slope_per_s, 0.0);
  EXPECT_EQ(v.backlog_max, 20'000.0);
}

// Karimov's fluctuating load (research notes, acceptance test 5): 10 s at 1.2 C, 10 s at
// 0.3 C, a FIFO draining at C. The backlog climbs to 2 C·s, drains in 2/0.7 s and stays
// empty until the next period; the wait is backlog / C.
TEST(Verdict, SquareWaveLoadOverWholePeriodsIsSustainable) {
  constexpr double C = 100'000;
  const auto backlog = [](double t) {
    const double phase = std::fmod(t, 20.0);
    if (phase < 10.0) return 0.2 * C * phase;
    return std::max(0.0, 2.0 * C - 0.7 * C * (phase - 10.0));
  };
  Synthetic trial;
  trial.offered_rate = 0.75 * C;
  trial.warmup_s = 20;
  trial.end_s = 80;
  trial.generated = [](double t) {
    const double periods = std::floor(t / 20.0), phase = t - 20.0 * periods;
    return 15.0 * C * periods + (phase < 10.0 ? 1.2 * C * phase : 12.0 * C + 0.3 * C * (phase - 10.0));
  };
  trial.backlog = backlog;
  trial.p99_ns = [&](double t) { return 1 * kMs + 1e9 * backlog(t + 0.5) / C; };
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
  EXPECT_NEAR(v.backlog_max, 2.0 * C, 0.05 * 2.0 * C);
  EXPECT_NEAR(v.delivered_fraction, 1.0, 0.01);
}

TEST(Verdict, CapHitIsUnsustainableEvenBeforeTheWarmupEnds) {
  Synthetic trial;
  trial.end_s = 3.2;
  trial.backlog = [&](double t) { return 0.5 * trial.offered_rate * t; };
  TrialEvidence e = trial.evidence();
  e.backlog_cap_hit = true;
  e.backlog_cap_hit_s = 3.2;
  e.end_s = 3.2;
  const TrialVerdict v = judge_trial(e);
  EXPECT_EQ(v.verdict, Verdict::unsustainable);
  ASSERT_EQ(v.reasons.size(), 1u);
  EXPECT_EQ(v.reasons[0], "backlog reached the hard cap at 3.2 s");
  EXPECT_EQ(v.backlog_points, 0u);
  EXPECT_TRUE(std::isnan(v.backlog_slope_per_s));
  EXPECT_THAT(all_lines(v.notes), HasSubstr("too short"));
}

// A late driver on a busy machine: 60 s trial, its one thread waited 1.2 s for a CPU.
DriverEvidence descheduled_driver() {
  DriverEvidence d;
  d.elapsed_ns = 60e9;
  d.cpu_ns = 6e9;
  d.run_queue_wait_ns = 1.2e9;
  d.involuntary_switches = 3400;
  return d;
}

// A steady trial judged with the driver late by `lateness_ns` and the given counters.
TrialVerdict judge_late_driver(double lateness_ns, const DriverEvidence& driver) {
  TrialEvidence e = Synthetic{}.evidence();
  e.lateness_p99_ns = lateness_ns;
  e.driver = driver;
  return judge_trial(e);
}

TEST(Verdict, LateDriverMakesTheTrialInvalidAndSaysItWasDescheduled) {
  Synthetic trial;
  TrialEvidence e = trial.evidence();
  e.lateness_p99_ns = 7.3 * kMs;
  e.driver = descheduled_driver();
  const TrialVerdict v = judge_trial(e);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  ASSERT_EQ(v.reasons.size(), 2u);
  EXPECT_EQ(v.reasons[0],
            "the driver fell behind its schedule (lateness p99 7.3 ms, limit 5 ms): the load was not the one "
            "asked for, so this trial says nothing about the SUT");
  EXPECT_EQ(v.reasons[1],
            "the driver was descheduled by other work on this machine: its thread waited 1.2 s for a CPU (2% of "
            "the trial) and was preempted 3400 times; give it CPUs of its own (taskset -c) or real-time priority "
            "(run tare as root, with CAP_SYS_NICE, or with an RLIMIT_RTPRIO of 10 or more)");
  EXPECT_THAT(all_lines(v.reasons), Not(HasSubstr("bottleneck")));
}

TEST(Verdict, ALateDriverAtRealTimePriorityIsToldToTakeCpusOfItsOwn) {
  DriverEvidence driver = descheduled_driver();
  driver.realtime = true;
  driver.threads = 2;
  const TrialVerdict v = judge_late_driver(7.3 * kMs, driver);
  ASSERT_EQ(v.reasons.size(), 2u);
  EXPECT_THAT(v.reasons[1], HasSubstr("its 2 threads waited 1.2 s for a CPU (1% of the trial) and were preempted"));
  EXPECT_THAT(v.reasons[1], HasSubstr("it ran at real-time priority, so give it CPUs of its own"));
}

TEST(Verdict, ALateDriverThatWasBusyIsToldToUseMoreGenerators) {
  DriverEvidence driver;
  driver.elapsed_ns = 60e9;
  driver.cpu_ns = 59e9;
  driver.run_queue_wait_ns = 0.1e9;  // 0.17%: not descheduled
  const TrialVerdict v = judge_late_driver(50 * kMs, driver);
  ASSERT_EQ(v.reasons.size(), 2u);
  EXPECT_THAT(v.reasons[1], HasSubstr("the driver was busy: its thread ran 98.3% of the trial"));
  EXPECT_THAT(v.reasons[1], HasSubstr("--generators"));
}

TEST(Verdict, ALateDriverWithoutSchedstatIsJudgedByItsPreemptions) {
  DriverEvidence driver;
  driver.elapsed_ns = 60e9;
  driver.involuntary_switches = 12;  // cpu and wait unknown (NaN)
  const TrialVerdict v = judge_late_driver(7.3 * kMs, driver);
  ASSERT_EQ(v.reasons.size(), 2u);
  EXPECT_EQ(v.reasons[1].rfind("the driver was descheduled by other work on this machine: its thread was preempted 12 "
                               "times;", 0),
            0u)
      << v.reasons[1];
  driver.involuntary_switches = 0;
  EXPECT_THAT(judge_late_driver(7.3 * kMs, driver).reasons[1], HasSubstr("the cause is outside what the driver sees"));
}

TEST(Verdict, LatenessWithinATenthOfTheEventTimeP99IsAllowedAboveTheFloor) {
  Synthetic trial;
  TrialEvidence e = trial.evidence();
  e.driver = descheduled_driver();
  e.event_time_p99_ns = 90 * kMs;
  e.lateness_p99_ns = 8.9 * kMs;  // above 5 ms, below 9 ms
  EXPECT_EQ(judge_trial(e).verdict, Verdict::sustainable);
  e.lateness_p99_ns = 9.2 * kMs;
  const TrialVerdict v = judge_trial(e);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  EXPECT_THAT(v.reasons[0], HasSubstr("(lateness p99 9.2 ms, limit 9 ms)"));
}

TEST(Verdict, LateDriverOverridesAFailedRule) {
  Synthetic trial;
  trial.backlog = [&](double t) { return 0.1 * trial.offered_rate * t; };
  TrialEvidence e = trial.evidence();
  e.lateness_p99_ns = 9 * kMs;
  e.driver = descheduled_driver();
  const TrialVerdict v = judge_trial(e);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  ASSERT_EQ(v.reasons.size(), 4u);  // lateness and its cause first, then the backlog and delivery lines
  EXPECT_THAT(v.reasons[0], HasSubstr("the driver fell behind its schedule"));
  EXPECT_THAT(v.reasons[2], HasSubstr("backlog grew 5000 events/s"));
}

TEST(Verdict, TooShortIsInvalid) {
  Synthetic trial;
  trial.end_s = 10.2;  // samples at 10.0 and 10.1 only; no whole latency interval
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::invalid);
  EXPECT_EQ(v.backlog_points, 2u);
  ASSERT_EQ(v.reasons.size(), 1u);
  EXPECT_EQ(v.reasons[0],
            "the trial is too short for its warmup and sampling interval: 2 backlog samples in "
            "the measured window [10 s, 10.2 s) (need 3)");
  EXPECT_TRUE(std::isnan(v.delivered_fraction));
  EXPECT_EQ(v.latency_points, 0u);
  EXPECT_THAT(all_lines(v.notes), HasSubstr("event-time latency trend not checked"));
}

TEST(Verdict, FewLatencyIntervalsSkipOnlyThatRule) {
  Synthetic trial;
  trial.interval_s = 20;  // [0, 20), [20, 40), [40, 60): two lie inside [10, 60)
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable);
  EXPECT_EQ(v.latency_points, 2u);
  EXPECT_TRUE(std::isnan(v.latency_trend_p_value));
  ASSERT_EQ(v.notes.size(), 1u);
  EXPECT_EQ(v.notes[0],
            "event-time latency trend not checked: 2 intervals with outputs in the measured "
            "window (need 3)");
}

TEST(Verdict, OnlyTheMeasuredWindowCounts) {
  // A steep climb and rising latency during warmup, then flat: the warmup is excluded, but
  // the peak backlog is reported over the whole run.
  Synthetic trial;
  trial.backlog = [](double t) { return t < 10 ? 30'000 * t : 300'000.0; };
  trial.p99_ns = [](double t) { return t < 10 ? 1e9 * t : 5 * kMs; };
  const TrialVerdict v = judge_trial(trial.evidence());
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
  EXPECT_EQ(v.backlog_max, 300'000.0);
}

TEST(Verdict, IntervalsWithoutOutputsAreLeftOut) {
  Synthetic trial;
  TrialEvidence e = trial.evidence();
  for (std::size_t k = 0; k < e.event_time.size(); k += 2) {
    e.event_time[k].count = 0;
    e.event_time[k].p99_ns = 1e12;  // meaningless without outputs
  }
  const TrialVerdict v = judge_trial(e);
  EXPECT_EQ(v.verdict, Verdict::sustainable) << all_lines(v.reasons);
  EXPECT_EQ(v.latency_points, 25u);
}

}  // namespace
}  // namespace tare::stream
