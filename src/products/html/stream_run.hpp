// A stream benchmark's trial (tare.stream.run/1, what `tare stream run --json` writes) as
// the report reads it: both latencies over time, throughput and backlog over time, and the
// percentile spectrum of both latencies. stream_section.hpp draws it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tare::html {

/// One interval's latencies (ns); absent where the interval had no outputs.
struct LatencyWindow {
  double start_s = 0;
  std::optional<double> event_p50, event_p99, event_max;
  std::optional<double> processing_p50, processing_p99, processing_max;
};

struct BacklogPoint {
  double t_s = 0;
  double generated = 0, taken = 0, backlog = 0;
};

struct LatencySummary {
  std::optional<double> p50, p99, p99_9, max;
  std::vector<std::pair<double, double>> spectrum;  ///< (percentile, ns), increasing
};

struct StreamRun {
  std::string sut, verdict;
  std::vector<std::string> reasons, notes;
  double offered_rate = 0;
  std::optional<double> taken_rate;
  LatencySummary event_time, processing_time;
  std::vector<LatencyWindow> windows;
  std::vector<BacklogPoint> backlog;
  std::vector<std::pair<std::string, std::string>> config;  ///< the run's settings, as text
};

/// Throws std::runtime_error naming what is missing or of the wrong type.
StreamRun stream_run_from_json(const nlohmann::json& document);

}  // namespace tare::html
