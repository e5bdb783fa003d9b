// Is a fixed-rate trial sustainable? Karimov et al.: sustainable throughput is the highest
// load a system handles "without a continuously increasing event-time latency". The evidence
// is read after warmup, in the driver (never from the SUT's own statistics):
//
//  1. backlog (events generated but not yet taken by the SUT) must not grow: its Theil-Sen
//     slope over the measured window at most `backlog_slope_fraction` of the offered rate
//     (Theodolite's lag-trend rule: 1% of the load);
//  2. event-time latency must not trend upwards: the per-interval p99s, tested with
//     Mann-Kendall (one-sided, increasing), fail only when the trend is significant AND
//     material (the Theil-Sen growth over the window exceeds `latency_growth_fraction` of the
//     median p99 and `latency_growth_floor_ns`): both, so noise on a flat series is not a
//     verdict and a real but tiny drift is not either;
//  2b. work the SUT holds must not grow either: a SUT's own buffers (its credit, its queues)
//     absorb a small overload for a whole trial while the driver's backlog stays flat, but
//     every event they hold waits, so the typical output's event-time latency rises by
//     held growth / rate per second. The per-interval event-time p50s' Theil-Sen slope
//     (s per s) times the offered rate is the growth of the work held anywhere (the driver's
//     queue, the credit in flight, the SUT's queues): Little's law. It must stay within the
//     same `backlog_slope_fraction` of the offered rate (fails only when Mann-Kendall also
//     finds the rise significant, so jitter is not a verdict). When only a part of the SUT
//     falls behind (the busiest of hash-partitioned workers), only its outputs wait longer,
//     at its own overload fraction per second, and they are the slowest: the per-interval
//     p99s' slope (s per s) gets the same limit;
//  3. the SUT must take what was offered: events taken / generated in the window at least
//     `min_delivered_fraction`;
//  4. the backlog must never reach the hard cap (the driver aborts the trial at once:
//     Karimov's red zone);
//  5. the driver must have kept its schedule: its lateness p99 at most `max_lateness_p99_ns`
//     or, when larger, `max_lateness_share` of the event-time p99 it measured (a late event
//     carries its lateness into its latency: a tenth of the p99 is a bound on that error, and
//     no material latency trend). Otherwise the load was not what the schedule says and the
//     trial is invalid: it says nothing about the SUT. Why the driver fell behind is read from the scheduler's counters
//     of its threads: descheduled by other work on the machine, or busy all the time.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace tare::stream {

/// The driver's counters at one moment (driver time since the run's start).
struct BacklogSample {
  double t_s = 0;
  std::uint64_t generated = 0;   ///< events the generators have produced so far
  std::uint64_t taken = 0;       ///< events handed to the SUT so far
  std::uint64_t backlog() const noexcept { return generated - taken; }
};

/// Events generated and taken per second between the first and the last sample taken in
/// [from_s, to_s] (NaN when fewer than two samples at different times lie there).
struct SampleRates {
  double generated = 0;
  double taken = 0;
};
SampleRates rates_between(const std::vector<BacklogSample>& samples, double from_s, double to_s);

/// Event-time latency of the outputs that arrived in one interval.
struct IntervalLatency {
  double start_s = 0;
  double length_s = 0;
  std::int64_t count = 0;
  double p50_ns = 0, p99_ns = 0, max_ns = 0;
};

/// How the driver's threads fared with the scheduler over the trial, all threads together
/// (NaN where the kernel does not say).
struct DriverEvidence {
  int threads = 1;
  bool realtime = false;                    ///< every thread ran at real-time priority
  double elapsed_ns = 0;                    ///< the trial's length
  double cpu_ns = std::numeric_limits<double>::quiet_NaN();           ///< time on a CPU
  double run_queue_wait_ns = std::numeric_limits<double>::quiet_NaN(); ///< runnable, no CPU
  double involuntary_switches = 0;          ///< preempted
};

struct TrialEvidence {
  double offered_rate = 0;          ///< events/s the schedule offers (mean over the window)
  double warmup_end_s = 0;          ///< the measured window is [warmup_end_s, end_s)
  double end_s = 0;
  std::vector<BacklogSample> backlog;       ///< in time order, spanning the run
  std::vector<IntervalLatency> event_time;  ///< in time order
  double lateness_p99_ns = 0;       ///< the driver's lateness over the measured window
  double event_time_p99_ns = 0;     ///< event-time latency over the measured window
  DriverEvidence driver;
  bool backlog_cap_hit = false;     ///< the trial was aborted at the hard cap
  double backlog_cap_hit_s = 0;
};

struct VerdictRules {
  double backlog_slope_fraction = 0.01;
  double latency_growth_fraction = 0.5;
  double latency_growth_floor_ns = 5e6;
  double trend_alpha = 0.05;
  double min_delivered_fraction = 0.99;
  double max_lateness_p99_ns = 5e6;
  double max_lateness_share = 0.1;
};

enum class Verdict { sustainable, unsustainable, invalid };
const char* verdict_name(Verdict verdict) noexcept;

struct TrialVerdict {
  Verdict verdict = Verdict::sustainable;
  /// One line per rule that failed, in words with the figures (empty when sustainable);
  /// an invalid verdict's lines say why the trial proves nothing.
  std::vector<std::string> reasons;
  /// Remarks that decide nothing, e.g. a rule skipped for too little data.
  std::vector<std::string> notes;
  // The figures behind the rules (NaN where there was too little data to compute one).
  double backlog_slope_per_s = 0;       ///< Theil-Sen, events/s
  double backlog_max = 0;               ///< over the whole run
  double latency_p99_slope_ns_per_s = 0;
  double latency_trend_p_value = 1;     ///< Mann-Kendall, one-sided (increasing)
  /// Rule 2b: growth of the work held anywhere, events/s (event-time p50 slope x offered
  /// rate), and its Mann-Kendall p (one-sided, increasing).
  double held_slope_per_s = 0;
  double held_trend_p_value = 1;
  double delivered_fraction = 1;        ///< taken / generated over the window
  double lateness_limit_ns = 0;         ///< the driver's lateness p99 allowed (rule 5)
  std::size_t backlog_points = 0;       ///< samples inside the window
  std::size_t latency_points = 0;       ///< intervals inside the window with outputs
};

/// Applies the rules. Precedence: a late driver makes the trial invalid whatever else
/// failed; otherwise any failed rule makes it unsustainable; otherwise fewer than 3 backlog
/// samples in the window (rules 1 and 3 cannot be checked) make it invalid, never
/// "sustainable by lack of evidence". The backlog samples in the window are those with
/// t_s in it; the latency intervals those lying wholly inside it with count > 0. Fewer than
/// 3 such intervals skip rule 2 with a line in `notes` (a workload may emit few outputs:
/// long windows in a short trial).
TrialVerdict judge_trial(const TrialEvidence& evidence, const VerdictRules& rules = {});

}  // namespace tare::stream
