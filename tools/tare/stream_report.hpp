// How `tare stream` reports a trial and a search: JSON in tare's own versioned schemas
// (tare.stream.run/1, tare.stream.sustainable/1; docs/stream.md lists every field), a console
// summary, and HdrHistogram interval logs of both latencies.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "report/console.hpp"
#include "stream/driver/driver.hpp"
#include "stream/workload/oracle.hpp"
#include "stream/trials/trial_verification.hpp"

namespace tare::tool {

/// Percentiles of a latency histogram in ns: count, mean, p50, p90, p99, p99.9, max.
nlohmann::json latency_json(const stream::HdrHistogram& histogram);

/// The whole trial (schema tare.stream.run/1 when `config` is the run's configuration).
nlohmann::json trial_json(const stream::TrialResult& trial, const nlohmann::json& config,
                          const stream::Verification& verification, const std::string& hdr_log_path);

/// One search trial, compact: rate, verdict, reasons, rates, backlog slope, p99s.
nlohmann::json trial_summary_json(double rate, const stream::TrialResult& trial);

/// The console summary of one trial (rate, backlog, lateness, both latencies, verdict), with
/// `warnings` (stream::latency_warnings) under the latencies.
void write_trial_console(const stream::TrialResult& trial, const stream::Verification& verification,
                         const std::vector<std::string>& warnings, std::ostream& out);

/// How the driver's threads were scheduled: "1 thread at real-time priority (SCHED_FIFO 10)",
/// or at normal priority with the reason real-time was not had.
std::string describe_scheduling(const stream::DriverScheduling& scheduling);

/// One line per search trial: "  trial 3: 48.2k/s  sustainable  (event-time p99 2.1 ms)".
std::string trial_line(const std::string& label, double rate, const stream::TrialResult& trial);

/// Every interval's event-time and processing-time histograms (tags "event-time" and
/// "processing-time"), Interval_Max in milliseconds, as HdrHistogram's tools expect.
void write_hdr_log(const stream::TrialResult& trial, std::ostream& out);

/// Writes `json` (2-space indent) to `path` atomically. Text from the SUT (its name, its
/// error messages) may hold any bytes: invalid UTF-8 is written as U+FFFD, never a reason
/// to lose the file.
void write_json_file(const std::string& path, const nlohmann::json& json);

/// A latency in ns for people: "850 ns", "1.23 ms" (the console report's format).
inline std::string format_latency(double ns) { return report::format_duration_ns(ns); }
inline std::string format_latency(std::int64_t ns) { return format_latency(static_cast<double>(ns)); }
/// "48.2k/s", "1.2M/s", "-" when nothing was measured (stream::rate_text).
std::string format_rate(double events_per_s);

}  // namespace tare::tool
