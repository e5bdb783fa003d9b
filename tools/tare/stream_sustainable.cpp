#include "tools/tare/stream_sustainable.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "stream/trials/sustainable_procedure.hpp"
#include "stream/trials/sustainable_trials.hpp"
#include "stream/trials/trial.hpp"
#include "input/duration.hpp"
#include "tools/tare/stream_options.hpp"
#include "input/percent.hpp"
#include "tools/tare/stream_report.hpp"
#include "tools/tare/stream_settings.hpp"
#include "tools/tare/stream_trial_text.hpp"

namespace tare::tool {
namespace {

double probe_rate_of(const StreamArgs& args) {
  if (args.probe.empty())
    throw input::UsageError("--probe is required: a rate above what the SUT can take (e.g. twice your guess)");
  return static_cast<double>(parse_rate(args.probe, "--probe"));
}

stream::SustainableSettings procedure_settings(const StreamArgs& args, double probe_rate,
                                               const stream::TrialSettings& probe_trial) {
  stream::SustainableSettings settings = stream::sustainable_settings(probe_trial, probe_rate);
  settings.search.tolerance = input::parse_percent(args.tolerance, "--tolerance") / 100;
  settings.search.max_trials = args.max_trials;
  settings.repeats = args.repeats;
  return settings;
}

// The console lines written while the procedure runs: each trial as it ends, the driver's
// scheduling after the probe, the search's first bracket.
class ConsoleProgress : public stream::SustainableRunObserver {
 public:
  // Only when it broke off: the procedure then stops with why.
  void trial_ran(const stream::TrialOutcome& outcome) override { note_sut_messages(outcome); }
  void trial_done(const stream::RatedTrial& t) override {
    std::cout << trial_line(t.label, t.rate, t.result) << "\n" << std::flush;
  }
  void probe_done(const stream::RatedTrial& probe) override {
    std::cout << "  driver: " << describe_scheduling(probe.result.scheduling) << "\n";
  }
  void search_starting(double drain_rate, double low, double high) override {
    std::cout << fmt::format("  the SUT drained {} under overload: searching [{}, {}]\n", format_rate(drain_rate),
                             format_rate(low), format_rate(high));
  }
};

void print_found(const stream::SustainableReport& report, const std::vector<std::string>& warnings) {
  const auto& combined = *report.combined;
  const auto& confirmation = *report.confirmation;
  std::cout << fmt::format("  sustainable throughput: {} (95% interval {} .. {}{})\n", format_rate(combined.estimate),
                           format_rate(combined.ci_low), format_rate(combined.ci_high),
                           combined.repeats > 1 ? fmt::format(", over {} searches", combined.repeats)
                                                : std::string(", the search's bracket"));
  std::cout << fmt::format("  at 90% of it: event-time p99 {} (at the rate: {})\n",
                           format_latency(confirmation.at_fraction.result.event_time.value_at_percentile(99)),
                           format_latency(confirmation.at_rate.result.event_time.value_at_percentile(99)));
  for (const auto& w : warnings) std::cout << "  warning: " << w << "\n";
  if (!confirmation.confirmed)
    std::cout << "  NOT CONFIRMED: the confirmation trial at that rate was " +
                     std::string(stream::verdict_name(confirmation.at_rate.result.verdict.verdict)) + "\n";
}

void print_outcome(const stream::SustainableReport& report, const std::vector<std::string>& warnings) {
  switch (report.status) {
    case stream::SustainableStatus::probe_sustained:
      std::cout << fmt::format("  the SUT sustained the probe's {}: its sustainable throughput is at least that; "
                               "probe higher (--probe)\n",
                               format_rate(report.probe.rate));
      return;
    case stream::SustainableStatus::none_sustainable:
      std::cout << "  no rate was found sustainable\n";
      return;
    case stream::SustainableStatus::found:
    case stream::SustainableStatus::not_confirmed:
      print_found(report, warnings);
      return;
  }
}

nlohmann::json repeat_json(const stream::SearchRepeat& repeat) {
  nlohmann::json trials = nlohmann::json::array();
  for (const auto& t : repeat.trials) trials.push_back(trial_summary_json(t.rate, t.result));
  return {{"trials", trials},
          {"sustainable_rate", repeat.sustainable_rate},
          {"unsustainable_rate", repeat.unsustainable_rate},
          {"converged", repeat.converged}};
}

nlohmann::json result_json(const stream::SustainableReport& report) {
  nlohmann::json result{{"status", stream::sustainable_status_name(report.status)}};
  if (report.status == stream::SustainableStatus::probe_sustained) result["at_least"] = report.probe.rate;
  if (!report.combined) return result;
  const auto& c = *report.combined;
  result.update({{"sustainable_rate", c.estimate},
                 {"ci_low", c.ci_low},
                 {"ci_high", c.ci_high},
                 {"min", c.min},
                 {"max", c.max},
                 {"repeats", c.repeats}});
  return result;
}

// The tare.stream.sustainable/1 document (docs/stream.md lists its fields).
nlohmann::json sustainable_json(const stream::SustainableReport& report, const nlohmann::json& config,
                                const std::vector<std::string>& warnings) {
  nlohmann::json json{{"schema", "tare.stream.sustainable/1"},
                      {"config", config},
                      {"probe", trial_summary_json(report.probe.rate, report.probe.result)},
                      {"result", result_json(report)}};
  json["probe"]["drain_rate"] = std::isfinite(report.drain_rate) ? nlohmann::json(report.drain_rate) : nlohmann::json();
  if (report.status != stream::SustainableStatus::probe_sustained) {
    json["repeats"] = nlohmann::json::array();
    for (const auto& repeat : report.repeats) json["repeats"].push_back(repeat_json(repeat));
  }
  if (report.confirmation) {
    const auto& c = *report.confirmation;
    json["confirmation"] = {{"at_rate", trial_summary_json(c.at_rate.rate, c.at_rate.result)},
                            {"at_90_percent", trial_summary_json(c.at_fraction.rate, c.at_fraction.result)},
                            {"confirmed", c.confirmed}};
    json["warnings"] = warnings;
  }
  return json;
}

}  // namespace

int sustainable_command(const StreamArgs& args, const std::string& executable) {
  const LoadArgs& load = args.search_load;
  const double probe_rate = probe_rate_of(args);
  const std::int64_t duration_ns = input::parse_duration_ns(args.trial, "--trial");
  const bool kafka = kafka_chosen(args.search_kafka);
  const auto settings_at = [&](double rate) {
    auto settings = trial_settings(load, stream::RateSchedule::constant(std::llround(rate)), duration_ns, executable);
    if (kafka) use_kafka(args.search_kafka, load, executable, settings);
    return settings;
  };
  const stream::TrialSettings probe_trial = settings_at(probe_rate);
  const stream::DriverOptions& first_options = probe_trial.driver;
  const stream::SustainableSettings settings = procedure_settings(args, probe_rate, probe_trial);
  LoadArgs shown = load;
  std::string over;
  if (kafka && args.search_kafka.external)
    shown.sut = kafka_sut_text(args.search_kafka);
  else if (kafka)
    over = ", over " + kafka_sut_text(args.search_kafka);
  std::cout << fmt::format("tare stream sustainable: {}\n  trials of {} (warmup {}), SUT {}{}\n",
                           describe(first_options, load), format_latency(double(first_options.duration_ns)),
                           format_latency(double(first_options.warmup_ns)), describe_sut(probe_trial, shown), over)
            << std::flush;
  ConsoleProgress progress;
  const stream::SustainableReport report = stream::run_sustainable_search(settings, settings_at, progress);
  const auto warnings = stream::confirmation_warnings(report, stream::output_window_ns(first_options.run));
  print_outcome(report, warnings);
  if (!load.json.empty()) {
    auto config = config_json(probe_trial, shown, "constant per trial");
    if (kafka) config["transport"] = kafka_sut_text(args.search_kafka);
    write_json_file(load.json, sustainable_json(report, config, warnings));
  }
  return stream::succeeded(report) ? 0 : 1;
}

}  // namespace tare::tool
