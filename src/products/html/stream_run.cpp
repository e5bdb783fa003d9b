#include "html/stream_run.hpp"

#include <stdexcept>

#include "report/json_field.hpp"

namespace tare::html {

using namespace report::lenient;

namespace {

LatencySummary summary_of(const nlohmann::json& latency) {
  LatencySummary summary{number_at(latency, "p50"), number_at(latency, "p99"), number_at(latency, "p99_9"),
                         number_at(latency, "max"), {}};
  for (const auto& point : array_at(latency, "spectrum")) {
    const auto p = number_at(point, "p"), ns = number_at(point, "ns");
    if (p && ns) summary.spectrum.emplace_back(*p, *ns);
  }
  return summary;
}

LatencyWindow window_of(const nlohmann::json& interval) {
  const auto& event = object_at(interval, "event_time_ns");
  const auto& processing = object_at(interval, "processing_time_ns");
  return {number_at(interval, "start_s").value_or(0), number_at(event, "p50"),      number_at(event, "p99"),
          number_at(event, "max"),                    number_at(processing, "p50"), number_at(processing, "p99"),
          number_at(processing, "max")};
}

std::vector<std::pair<std::string, std::string>> config_of(const nlohmann::json& config) {
  std::vector<std::pair<std::string, std::string>> items;
  if (!config.is_object()) return items;
  for (const auto& [key, value] : config.items())
    items.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
  return items;
}

}  // namespace

StreamRun stream_run_from_json(const nlohmann::json& document) {
  StreamRun run;
  const auto sut = document.find("sut_name");
  if (sut == document.end() || !sut->is_string()) throw std::runtime_error("no \"sut_name\"");
  run.sut = sut->get<std::string>();
  run.verdict = text_at(document, "verdict");
  run.reasons = texts_at(document, "reasons");
  run.notes = texts_at(document, "notes");
  const auto& rates = object_at(document, "rates_per_s");
  run.offered_rate = number_at(rates, "offered").value_or(0);
  run.taken_rate = number_at(rates, "taken");
  run.event_time = summary_of(object_at(document, "event_time_latency_ns"));
  run.processing_time = summary_of(object_at(document, "processing_time_latency_ns"));
  for (const auto& interval : array_at(document, "intervals")) run.windows.push_back(window_of(interval));
  for (const auto& point : array_at(document, "backlog"))
    run.backlog.push_back({number_at(point, "t_s").value_or(0), number_at(point, "generated").value_or(0),
                           number_at(point, "taken").value_or(0), number_at(point, "backlog").value_or(0)});
  const auto config = document.find("config");
  if (config != document.end()) run.config = config_of(*config);
  return run;
}

}  // namespace tare::html
