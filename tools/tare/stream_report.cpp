#include "tools/tare/stream_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ostream>

#include "stream/histograms/hdr_log.hpp"
#include "stream/trials/keep_up.hpp"
#include "stream/verdict/rate_text.hpp"
#include "system/atomic_file.hpp"

namespace tare::tool {
namespace {

nlohmann::json number_or_null(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json short_latency_json(const stream::HdrHistogram& h) {
  const auto [p50, p99] = h.values_at_percentiles(std::array{50.0, 99.0});  // one scan
  return {{"count", h.total_count()}, {"p50", p50}, {"p99", p99}, {"max", h.max()}};
}

nlohmann::json driver_json(const stream::DriverScheduling& s) {
  const bool schedstat = s.times.has_schedstat();
  return {{"threads", s.threads},
          {"realtime_threads", s.realtime_threads},
          {"realtime_priority", s.realtime_threads > 0 ? nlohmann::json(s.priority) : nlohmann::json()},
          {"realtime_refused", s.realtime_refused.empty() ? nlohmann::json() : nlohmann::json(s.realtime_refused)},
          {"cpu_ns", schedstat ? nlohmann::json(s.times.cpu_ns) : nlohmann::json()},
          {"run_queue_wait_ns", schedstat ? nlohmann::json(s.times.wait_ns) : nlohmann::json()},
          {"involuntary_switches", s.times.involuntary_switches},
          {"voluntary_switches", s.times.voluntary_switches}};
}

// "on a CPU 120 ms, waited 0.4 ms for one, preempted 3 times" (the threads together).
std::string driver_times(const stream::DriverScheduling& s) {
  std::string text;
  if (s.times.has_schedstat())
    text = fmt::format("on a CPU {}, waited {} for one, ", format_latency(s.times.cpu_ns), format_latency(s.times.wait_ns));
  return text + fmt::format("preempted {} times", s.times.involuntary_switches);
}

// The figures the verdict rested on.
nlohmann::json evidence_json(const stream::TrialResult& trial) {
  const auto& v = trial.verdict;
  return {{"backlog_slope_per_s", number_or_null(v.backlog_slope_per_s)},
          {"backlog_max", v.backlog_max},
          {"latency_p99_slope_ns_per_s", number_or_null(v.latency_p99_slope_ns_per_s)},
          {"latency_trend_p", number_or_null(v.latency_trend_p_value)},
          {"held_slope_per_s", number_or_null(v.held_slope_per_s)},
          {"held_trend_p", number_or_null(v.held_trend_p_value)},
          {"delivered_fraction", number_or_null(v.delivered_fraction)},
          {"driver_kept_up", stream::keep_up_of(trial, v.lateness_limit_ns).kept_up()},
          {"backlog_cap_hit", trial.backlog_cap_hit},
          {"backlog_cap_hit_s", trial.backlog_cap_hit
                                    ? nlohmann::json(static_cast<double>(trial.backlog_cap_hit_ns) / 1e9)
                                    : nlohmann::json()}};
}

nlohmann::json backlog_json(const std::vector<stream::BacklogSample>& samples) {
  nlohmann::json backlog = nlohmann::json::array();
  for (const auto& s : samples)
    backlog.push_back({{"t_s", s.t_s}, {"generated", s.generated}, {"taken", s.taken}, {"backlog", s.backlog()}});
  return backlog;
}

// The intervals that had outputs.
nlohmann::json intervals_json(const std::vector<stream::LatencyInterval>& all) {
  nlohmann::json intervals = nlohmann::json::array();
  for (const auto& i : all) {
    if (i.event_time.total_count() == 0) continue;
    intervals.push_back({{"start_s", static_cast<double>(i.start_ns) / 1e9},
                         {"event_time_ns", short_latency_json(i.event_time)},
                         {"processing_time_ns", short_latency_json(i.processing_time)}});
  }
  return intervals;
}

}  // namespace

std::string describe_scheduling(const stream::DriverScheduling& s) {
  const std::string threads = s.threads == 1 ? "1 thread" : fmt::format("{} threads", s.threads);
  if (s.threads > 0 && s.realtime_threads == s.threads)
    return fmt::format("{} at real-time priority (SCHED_FIFO {})", threads, s.priority);
  std::string text = fmt::format("{} at normal priority", threads);
  if (s.realtime_threads > 0) text += fmt::format(" ({} at real-time priority)", s.realtime_threads);
  if (!s.realtime_refused.empty()) text += ", real-time priority " + s.realtime_refused;
  return text;
}

std::string format_rate(double r) { return stream::rate_text(r); }

// The percentile spectrum, as HdrHistogram's percentile distribution plots it: the tail in
// nines, where a stream system's latency problems are.
nlohmann::json spectrum_json(const stream::HdrHistogram& h) {
  constexpr std::array kPercentiles{0.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99, 99.999};
  const auto values = h.values_at_percentiles(kPercentiles);
  nlohmann::json spectrum = nlohmann::json::array();
  if (h.total_count() == 0) return spectrum;
  for (std::size_t i = 0; i < kPercentiles.size(); ++i) spectrum.push_back({{"p", kPercentiles[i]}, {"ns", values[i]}});
  spectrum.push_back({{"p", 100.0}, {"ns", h.max()}});
  return spectrum;
}

nlohmann::json latency_json(const stream::HdrHistogram& h) {
  const auto [p50, p90, p99, p99_9] = h.values_at_percentiles(std::array{50.0, 90.0, 99.0, 99.9});
  return {{"count", h.total_count()},
          {"mean", h.mean()},
          {"p50", p50},
          {"p90", p90},
          {"p99", p99},
          {"p99_9", p99_9},
          {"max", h.max()},
          {"out_of_range", h.out_of_range()},
          {"spectrum", spectrum_json(h)}};
}

// Through a broker: what the link saw of it and which part held the trial back; null otherwise.
nlohmann::json broker_json(const stream::TrialResult& trial) {
  if (!trial.broker) return nullptr;
  const auto& b = *trial.broker;
  nlohmann::json json{{"delivered", b.delivered},
                      {"delivery_failures", b.delivery_failures},
                      {"produce_latency_mean_ns", b.produce_latency_mean_ns},
                      {"produce_latency_max_ns", b.produce_latency_max_ns},
                      {"queue_full_ns", b.queue_full_ns}};
  if (trial.held_by) {
    json["held_by"] = stream::held_by_name(trial.held_by->part);
    json["held_by_reason"] = trial.held_by->reason;
  }
  return json;
}

// The oracle's count of late events the SUT accepted and dropped; null without disorder, for
// the identity query (no windows) or when the trial was not checked.
nlohmann::json late_events_json(const stream::Verification& verification) {
  if (!verification.counted_late) return nullptr;
  return {{"accepted", verification.late.accepted}, {"dropped", verification.late.dropped}};
}

nlohmann::json trial_json(const stream::TrialResult& trial, const nlohmann::json& config,
                          const stream::Verification& verification, const std::string& hdr_log_path) {
  const auto& v = trial.verdict;
  // Over the measured window, as the verdict sees it.
  const auto rates = stream::rates_between(trial.backlog, static_cast<double>(trial.warmup_ns) / 1e9,
                                           static_cast<double>(trial.schedule_end_ns) / 1e9);
  return {
      {"schema", "tare.stream.run/1"},
      {"config", config},
      {"sut_name", trial.sut_name},
      {"complete", trial.complete},
      {"incomplete_reason", trial.complete ? nlohmann::json() : nlohmann::json(trial.incomplete_reason)},
      {"verdict", stream::verdict_name(v.verdict)},
      {"reasons", v.reasons},
      {"notes", v.notes},
      {"broker", broker_json(trial)},
      {"evidence", evidence_json(trial)},
      {"counts",
       {{"generated", trial.generated},
        {"taken", trial.taken},
        {"outputs", trial.outputs},
        {"measured_generated", trial.measured_generated}}},
      {"rates_per_s",
       {{"offered", trial.offered_rate}, {"generated", number_or_null(rates.generated)}, {"taken", number_or_null(rates.taken)}}},
      {"schedule_end_s", static_cast<double>(trial.schedule_end_ns) / 1e9},
      {"ended_s", static_cast<double>(trial.ended_ns) / 1e9},
      {"drained", trial.drained},
      {"lateness_ns", latency_json(trial.lateness)},
      {"driver", driver_json(trial.scheduling)},
      {"event_time_latency_ns", latency_json(trial.event_time)},
      {"processing_time_latency_ns", latency_json(trial.processing_time)},
      {"backlog", backlog_json(trial.backlog)},
      {"intervals", intervals_json(trial.intervals)},
      {"verification",
       {{"status", stream::verification_status_name(verification.status)},
        {"message", verification.message},
        {"expected_results", verification.expected_results},
        {"late_events", late_events_json(verification)}}},
      {"hdr_log", hdr_log_path.empty() ? nlohmann::json() : nlohmann::json(hdr_log_path)},
  };
}

nlohmann::json trial_summary_json(double rate, const stream::TrialResult& trial) {
  const auto& v = trial.verdict;
  return {{"rate", rate},
          {"verdict", stream::verdict_name(v.verdict)},
          {"reasons", v.reasons},
          {"broker", broker_json(trial)},
          {"complete", trial.complete},
          {"backlog_slope_per_s", number_or_null(v.backlog_slope_per_s)},
          {"backlog_max", v.backlog_max},
          {"held_slope_per_s", number_or_null(v.held_slope_per_s)},
          {"delivered_fraction", number_or_null(v.delivered_fraction)},
          {"driver_kept_up", stream::keep_up_of(trial, v.lateness_limit_ns).kept_up()},
          {"backlog_cap_hit", trial.backlog_cap_hit},
          {"lateness_p99_ns", trial.lateness.value_at_percentile(99)},
          {"driver", driver_json(trial.scheduling)},
          {"event_time_latency_ns", latency_json(trial.event_time)},
          {"processing_time_latency_ns", latency_json(trial.processing_time)}};
}

void write_trial_console(const stream::TrialResult& trial, const stream::Verification& verification,
                         const std::vector<std::string>& warnings, std::ostream& out) {
  const auto& v = trial.verdict;
  out << fmt::format("  offered {}   events generated {}, taken {}, outputs {}\n", format_rate(trial.offered_rate),
                     trial.generated, trial.taken, trial.outputs);
  out << fmt::format("  backlog: max {:.0f} events, slope {:+.1f} events/s ({:+.2f}% of the offered rate)\n",
                     v.backlog_max, v.backlog_slope_per_s,
                     trial.offered_rate > 0 ? 100 * v.backlog_slope_per_s / trial.offered_rate : 0.0);
  if (std::isfinite(v.held_slope_per_s))
    out << fmt::format("  work held (driver and SUT, from the event-time p50 trend): slope {:+.1f} events/s\n",
                       v.held_slope_per_s);
  out << fmt::format("  driver lateness: p50 {}  p99 {}  max {}\n", format_latency(trial.lateness.value_at_percentile(50)),
                     format_latency(trial.lateness.value_at_percentile(99)), format_latency(trial.lateness.max()));
  out << fmt::format("  driver: {}; {}\n", describe_scheduling(trial.scheduling), driver_times(trial.scheduling));
  const std::string behind = stream::keep_up_warning(stream::keep_up_of(trial, trial.verdict.lateness_limit_ns));
  if (!behind.empty()) out << "  WARNING: " << behind << "\n";
  out << fmt::format("  {:<18}{:>10}{:>10}{:>10}{:>10}{:>10}\n", "latency", "p50", "p99", "p99.9", "max", "count");
  for (const auto* row : {&trial.event_time, &trial.processing_time}) {
    out << fmt::format("  {:<18}{:>10}{:>10}{:>10}{:>10}{:>10}\n",
                       row == &trial.event_time ? "event-time" : "processing-time",
                       format_latency(row->value_at_percentile(50)), format_latency(row->value_at_percentile(99)),
                       format_latency(row->value_at_percentile(99.9)), format_latency(row->max()), row->total_count());
  }
  for (const auto& w : warnings) out << "  warning: " << w << "\n";
  out << "  verdict: " << stream::verdict_name(v.verdict) << "\n";
  for (const auto& r : v.reasons) out << "    - " << r << "\n";
  for (const auto& n : v.notes) out << "    note: " << n << "\n";
  if (trial.held_by)
    out << "  held by: " << stream::held_by_name(trial.held_by->part) << " (" << trial.held_by->reason << ")\n";
  out << "  results: ";
  if (verification.status == stream::VerificationStatus::match)
    out << "match the oracle (" << verification.expected_results << " window results)\n";
  else if (verification.status == stream::VerificationStatus::mismatch)
    out << "DIFFER from the oracle: " << verification.message << "\n";
  else
    out << "not checked (" << verification.message << ")\n";
  if (verification.counted_late)
    out << "  late events (oracle): " << verification.late.accepted << " accepted, " << verification.late.dropped
        << " dropped\n";
  if (!trial.complete) out << "  INCOMPLETE: " << trial.incomplete_reason << "\n";
}

std::string trial_line(const std::string& label, double rate, const stream::TrialResult& trial) {
  std::string line = fmt::format("  {:<14}{:>10}  {:<13} event-time p99 {:>9}  processing-time p99 {:>9}", label,
                                 format_rate(rate), stream::verdict_name(trial.verdict.verdict),
                                 format_latency(trial.event_time.value_at_percentile(99)),
                                 format_latency(trial.processing_time.value_at_percentile(99)));
  // The first reason; for an invalid trial also the second, which says why the driver fell behind.
  const auto& reasons = trial.verdict.reasons;
  const std::size_t shown = std::min<std::size_t>(reasons.size(), trial.verdict.verdict == stream::Verdict::invalid ? 2 : 1);
  for (std::size_t i = 0; i < shown; ++i) line += "\n" + std::string(18, ' ') + reasons[i];
  if (trial.held_by && trial.verdict.verdict != stream::Verdict::sustainable)
    line += "\n" + std::string(18, ' ') + "held by the " + stream::held_by_name(trial.held_by->part) + ": " +
            trial.held_by->reason;
  const std::string behind = stream::keep_up_warning(stream::keep_up_of(trial, trial.verdict.lateness_limit_ns));
  if (!behind.empty()) line += "\n" + std::string(18, ' ') + "WARNING: " + behind;
  return line;
}

void write_hdr_log(const stream::TrialResult& trial, std::ostream& out) {
  stream::HdrLogWriter log(out, 1e6);
  log.write_comment("[Logged with tare stream: latencies in ns, Interval_Max in ms]");
  log.write_header(static_cast<double>(trial.started_wall_ns) / 1e9);
  for (const auto& i : trial.intervals) {
    if (i.event_time.total_count() == 0) continue;
    const double start_s = static_cast<double>(i.start_ns) / 1e9;
    const double length_s = static_cast<double>(trial.interval_ns) / 1e9;
    log.write_interval(start_s, length_s, i.event_time, "event-time");
    log.write_interval(start_s, length_s, i.processing_time, "processing-time");
  }
}

void write_json_file(const std::string& path, const nlohmann::json& json) {
  system::write_file_atomically(path, [&](std::ostream& out) {
    out << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  });
}

}  // namespace tare::tool
