#include "stream/verdict/trial_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "stats/descriptive.hpp"
#include "stats/slope.hpp"

namespace tare::stream {

namespace {

using stats::kNaN;
// Fewer points give no slope worth a verdict (and no Mann-Kendall test at all).
constexpr std::size_t kMinPoints = 3;
// A driver whose threads waited for a CPU this share of the trial was descheduled: events
// late by the lateness limit for 1% of the time need at least about that much waiting.
constexpr double kDescheduledShare = 0.005;
// A driver whose threads were on a CPU this share of the trial was busy, not kept waiting.
constexpr double kBusyShare = 0.9;

[[gnu::format(printf, 1, 2)]] std::string format(const char* pattern, ...) {
  std::va_list args;
  va_start(args, pattern);
  std::va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, pattern, copy);
  va_end(copy);
  std::string text(static_cast<std::size_t>(std::max(size, 0)), '\0');
  std::vsnprintf(text.data(), text.size() + 1, pattern, args);
  va_end(args);
  return text;
}

// "850 µs", "2.3 ms", "1.86 s": three significant figures in the largest unit that fits.
std::string duration(double ns) {
  if (std::abs(ns) >= 1e9) return format("%.3g s", ns / 1e9);
  if (std::abs(ns) >= 1e6) return format("%.3g ms", ns / 1e6);
  if (std::abs(ns) >= 1e3) return format("%.3g µs", ns / 1e3);
  return format("%.3g ns", ns);
}

struct Window {
  double begin = 0, end = 0;
  bool contains(double t) const { return t >= begin && t < end; }
  double length() const { return end - begin; }
};

// Why the driver fell behind, from its threads' scheduler counters, and what to do about it.
std::string driver_diagnosis(const DriverEvidence& d) {
  const double thread_ns = d.elapsed_ns * d.threads;
  const double wait_share = d.run_queue_wait_ns / thread_ns;
  const double busy_share = d.cpu_ns / thread_ns;
  const std::string threads = d.threads == 1 ? "its thread" : format("its %d threads", d.threads);
  const bool waited = std::isfinite(wait_share) ? wait_share >= kDescheduledShare : d.involuntary_switches > 0;
  if (waited) {
    const std::string wait = std::isfinite(wait_share)
                                 ? format(" waited %s for a CPU (%.2g%% of the trial) and", duration(d.run_queue_wait_ns).c_str(),
                                          100 * wait_share)
                                 : std::string();
    return format("the driver was descheduled by other work on this machine: %s%s %s preempted %.0f times; %s",
                  threads.c_str(), wait.c_str(), d.threads == 1 ? "was" : "were", d.involuntary_switches,
                  d.realtime ? "it ran at real-time priority, so give it CPUs of its own (taskset -c)"
                             : "give it CPUs of its own (taskset -c) or real-time priority (run tare as root, "
                               "with CAP_SYS_NICE, or with an RLIMIT_RTPRIO of 10 or more)");
  }
  if (busy_share >= kBusyShare)
    return format("the driver was busy: %s ran %.3g%% of the trial; one generator thread cannot produce "
                  "this rate here, so spread it over more (--generators)",
                  threads.c_str(), 100 * busy_share);
  return format("the cause is outside what the driver sees: %s neither waited for a CPU (%s) nor ran "
                "much (%.3g%% of the trial); on a virtual machine, the host may have run other work "
                "on its CPUs",
                threads.c_str(), duration(d.run_queue_wait_ns).c_str(), 100 * busy_share);
}

double backlog_max(const std::vector<BacklogSample>& samples) {
  double peak = 0;
  for (const BacklogSample& s : samples) peak = std::max(peak, static_cast<double>(s.backlog()));
  return peak;
}

// taken / generated between the first and the last sample: 1 when nothing was generated.
double delivered_fraction(const BacklogSample& first, const BacklogSample& last) {
  const std::uint64_t generated = last.generated - first.generated;
  if (generated == 0) return 1.0;
  return static_cast<double>(last.taken - first.taken) / static_cast<double>(generated);
}

// Rules 1 and 3. False when there were too few samples to check them.
bool check_backlog(const TrialEvidence& evidence, const VerdictRules& rules, Window window,
                   TrialVerdict& verdict) {
  std::vector<BacklogSample> inside;
  std::copy_if(evidence.backlog.begin(), evidence.backlog.end(), std::back_inserter(inside),
               [&](const BacklogSample& s) { return window.contains(s.t_s); });
  verdict.backlog_points = inside.size();
  std::vector<double> t, backlog;
  for (const BacklogSample& s : inside) {
    t.push_back(s.t_s);
    backlog.push_back(static_cast<double>(s.backlog()));
  }
  const double slope = stats::theil_sen_slope(t, backlog);
  if (inside.size() < kMinPoints || !std::isfinite(slope)) {
    verdict.backlog_slope_per_s = verdict.delivered_fraction = kNaN;
    return false;
  }
  verdict.backlog_slope_per_s = slope;
  const double slope_limit = rules.backlog_slope_fraction * evidence.offered_rate;
  if (slope > slope_limit) {
    verdict.reasons.push_back(format(
        "backlog grew %.0f events/s (%.3g%% of the offered %.0f/s; limit %g%%)", slope,
        100.0 * slope / evidence.offered_rate, evidence.offered_rate,
        100.0 * rules.backlog_slope_fraction));
  }
  verdict.delivered_fraction = delivered_fraction(inside.front(), inside.back());
  if (verdict.delivered_fraction < rules.min_delivered_fraction) {
    verdict.reasons.push_back(format("the SUT took %.2f%% of the events offered (limit %g%%)",
                                     100.0 * verdict.delivered_fraction,
                                     100.0 * rules.min_delivered_fraction));
  }
  return true;
}

// Rule 2, on the p99s of the intervals lying wholly inside the window that had outputs.
void check_latency(const TrialEvidence& evidence, const VerdictRules& rules, Window window,
                   TrialVerdict& verdict) {
  std::vector<double> midpoints, p99s;
  for (const IntervalLatency& interval : evidence.event_time) {
    const bool inside = interval.start_s >= window.begin &&
                        interval.start_s + interval.length_s <= window.end;
    if (inside && interval.count > 0 && std::isfinite(interval.p99_ns)) {
      midpoints.push_back(interval.start_s + interval.length_s / 2);
      p99s.push_back(interval.p99_ns);
    }
  }
  verdict.latency_points = p99s.size();
  if (p99s.size() < kMinPoints) {
    verdict.latency_p99_slope_ns_per_s = verdict.latency_trend_p_value = kNaN;
    verdict.notes.push_back(format(
        "event-time latency trend not checked: %zu intervals with outputs in the measured "
        "window (need %zu)", p99s.size(), kMinPoints));
    return;
  }
  verdict.latency_p99_slope_ns_per_s = stats::theil_sen_slope(midpoints, p99s);
  verdict.latency_trend_p_value = stats::mann_kendall(p99s).p_increasing;
  // Significant AND material: noise on a flat series is not a verdict, nor a tiny drift.
  const double growth = verdict.latency_p99_slope_ns_per_s * window.length();
  const double growth_limit = std::max(rules.latency_growth_fraction * stats::median(p99s),
                                       rules.latency_growth_floor_ns);
  if (verdict.latency_trend_p_value < rules.trend_alpha && growth > growth_limit) {
    verdict.reasons.push_back(format(
        "event-time p99 rose %.3g s per s (Mann-Kendall p = %.2g; %s over the %g s "
        "window, limit %s)", verdict.latency_p99_slope_ns_per_s / 1e9,
        verdict.latency_trend_p_value, duration(growth).c_str(), window.length(),
        duration(growth_limit).c_str()));
  }
}

// One quantile's per-interval values (the intervals of rule 2) and their Theil-Sen slope in
// seconds per second; NaN with fewer than kMinPoints intervals.
struct QuantileTrend {
  double seconds_per_s = kNaN;
  double p_increasing = kNaN;
};
QuantileTrend quantile_trend(const TrialEvidence& evidence, Window window, double IntervalLatency::*quantile) {
  std::vector<double> midpoints, values;
  for (const IntervalLatency& interval : evidence.event_time) {
    const bool inside = interval.start_s >= window.begin &&
                        interval.start_s + interval.length_s <= window.end;
    if (inside && interval.count > 0 && std::isfinite(interval.*quantile)) {
      midpoints.push_back(interval.start_s + interval.length_s / 2);
      values.push_back(interval.*quantile);
    }
  }
  if (values.size() < kMinPoints) return {};
  return {stats::theil_sen_slope(midpoints, values) / 1e9, stats::mann_kendall(values).p_increasing};
}

// Rule 2b. The typical output's latency (p50) rises by (growth of the work held) / rate per
// second, wherever that work waits. When only a part of the SUT falls behind (the busiest
// of hash-partitioned workers), only its outputs' latencies rise, at its own overload
// fraction per second, and they are the slowest: the p99 shows it. Either over the slack
// (and significant) means work held grew beyond what a sustainable rate allows.
void check_held(const TrialEvidence& evidence, const VerdictRules& rules, Window window,
                TrialVerdict& verdict) {
  const QuantileTrend typical = quantile_trend(evidence, window, &IntervalLatency::p50_ns);
  const QuantileTrend slowest = quantile_trend(evidence, window, &IntervalLatency::p99_ns);
  verdict.held_slope_per_s = typical.seconds_per_s * evidence.offered_rate;
  verdict.held_trend_p_value = typical.p_increasing;
  if (!std::isfinite(typical.seconds_per_s)) return;  // rule 2's note says the intervals were too few
  const auto fails = [&](const QuantileTrend& t) {
    return t.p_increasing < rules.trend_alpha && t.seconds_per_s > rules.backlog_slope_fraction;
  };
  if (fails(typical)) {
    verdict.reasons.push_back(format(
        "work held grew %.0f events/s (%.3g%% of the offered %.0f/s; limit %g%%): event-time "
        "p50 rose %.3g ms per s (Mann-Kendall p = %.2g), so events waited longer and longer "
        "somewhere, in the SUT if not in the driver's queue",
        verdict.held_slope_per_s, 100.0 * typical.seconds_per_s, evidence.offered_rate,
        100.0 * rules.backlog_slope_fraction, typical.seconds_per_s * 1e3, typical.p_increasing));
  } else if (fails(slowest)) {
    verdict.reasons.push_back(format(
        "work held by a part of the SUT grew: the slowest outputs' event-time p99 rose %.3g ms "
        "per s (Mann-Kendall p = %.2g), %.3g%% of that part's input held per second (limit %g%%)",
        slowest.seconds_per_s * 1e3, slowest.p_increasing, 100.0 * slowest.seconds_per_s,
        100.0 * rules.backlog_slope_fraction));
  }
}

}  // namespace

SampleRates rates_between(const std::vector<BacklogSample>& samples, double from_s, double to_s) {
  const BacklogSample* first = nullptr;
  const BacklogSample* last = nullptr;
  for (const BacklogSample& s : samples) {
    if (s.t_s + 1e-9 < from_s || s.t_s > to_s + 1e-9) continue;  // sample times are rounded
    if (!first) first = &s;
    last = &s;
  }
  if (!first || last->t_s <= first->t_s) return SampleRates{kNaN, kNaN};
  const double span = last->t_s - first->t_s;
  return SampleRates{static_cast<double>(last->generated - first->generated) / span,
                     static_cast<double>(last->taken - first->taken) / span};
}

const char* verdict_name(Verdict verdict) noexcept {
  switch (verdict) {
    case Verdict::sustainable: return "sustainable";
    case Verdict::unsustainable: return "unsustainable";
    case Verdict::invalid: return "invalid";
  }
  return "?";
}

TrialVerdict judge_trial(const TrialEvidence& evidence, const VerdictRules& rules) {
  TrialVerdict verdict;
  const Window window{evidence.warmup_end_s, evidence.end_s};
  verdict.backlog_max = backlog_max(evidence.backlog);

  if (evidence.backlog_cap_hit) {
    verdict.reasons.push_back(
        format("backlog reached the hard cap at %.1f s", evidence.backlog_cap_hit_s));
  }
  const bool backlog_checked = check_backlog(evidence, rules, window, verdict);
  check_latency(evidence, rules, window, verdict);
  check_held(evidence, rules, window, verdict);
  const bool sut_failed = !verdict.reasons.empty();

  // The driver's own lateness comes first: it makes every other line suspect.
  const double lateness_limit =
      std::max(rules.max_lateness_p99_ns, rules.max_lateness_share * evidence.event_time_p99_ns);
  verdict.lateness_limit_ns = lateness_limit;
  const bool driver_late = evidence.lateness_p99_ns > lateness_limit;
  if (driver_late) {
    verdict.reasons.insert(verdict.reasons.begin(),
                           {format("the driver fell behind its schedule (lateness p99 %s, limit %s): the load "
                                   "was not the one asked for, so this trial says nothing about the SUT",
                                   duration(evidence.lateness_p99_ns).c_str(), duration(lateness_limit).c_str()),
                            driver_diagnosis(evidence.driver)});
    verdict.verdict = Verdict::invalid;
  } else if (sut_failed) {
    verdict.verdict = Verdict::unsustainable;
  } else if (!backlog_checked) {
    verdict.verdict = Verdict::invalid;
  }
  if (!backlog_checked) {
    auto& lines = verdict.verdict == Verdict::invalid ? verdict.reasons : verdict.notes;
    lines.push_back(format(
        "the trial is too short for its warmup and sampling interval: %zu backlog samples "
        "in the measured window [%g s, %g s) (need %zu)",
        verdict.backlog_points, window.begin, window.end, kMinPoints));
  }
  return verdict;
}

}  // namespace tare::stream
