#include "tools/tare/stream_sustainable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "stream/search.hpp"
#include "tools/tare/quantities.hpp"
#include "tools/tare/stream_options.hpp"
#include "tools/tare/stream_report.hpp"
#include "tools/tare/stream_trial.hpp"

namespace tare::tool {
namespace {

// The SUT's drain rate during the probe: events taken per second after the first fifth of
// what ran (the probe may stop early at the backlog cap).
double drain_rate(const stream::TrialResult& probe) {
  if (probe.backlog.empty()) return NAN;
  const double end = probe.backlog.back().t_s;
  return stream::rates_between(probe.backlog, end / 5, end).taken;
}

struct SearchTrial {
  std::string label;
  double rate = 0;
  stream::TrialResult result;
};

class SearchRunner {
 public:
  SearchRunner(const StreamArgs& args, const std::string& executable)
      : args_(args), executable_(executable), duration_ns_(parse_duration_ns(args.trial, "--trial")) {}

  // A fixed-rate trial; one retry when it is invalid (the driver was late: often a moment's
  // interference on a shared machine).
  const SearchTrial& trial(const std::string& label, double rate) {
    auto options = driver_options(args_.search_load, stream::RateSchedule::constant(std::llround(rate)), duration_ns_);
    options.drain = false;
    options.keep_outputs = false;
    for (int attempt = 0;; ++attempt) {
      auto outcome = run_one(options, args_.search_load, executable_, false);
      if (!outcome.result.complete) {
        note_sut_messages(outcome);
        throw std::runtime_error(label + " at " + format_rate(rate) + " did not complete: " +
                                 outcome.result.incomplete_reason);
      }
      trials_.push_back(SearchTrial{label, rate, std::move(outcome.result)});
      std::cout << trial_line(label, rate, trials_.back().result) << "\n" << std::flush;
      if (trials_.back().result.verdict.verdict != stream::Verdict::invalid || attempt == 1) return trials_.back();
    }
  }

  const std::vector<SearchTrial>& trials() const { return trials_; }
  const stream::DriverOptions options_for(double rate) const {
    return driver_options(args_.search_load, stream::RateSchedule::constant(std::llround(rate)), duration_ns_);
  }

 private:
  const StreamArgs& args_;
  std::string executable_;
  std::int64_t duration_ns_;
  std::vector<SearchTrial> trials_;
};

// How far over its capacity the SUT may run in a passed trial (stream::pass_margin), for
// the lowest rate a search found: the fewest events, the widest key-split noise.
double pass_margin(const stream::DriverOptions& options, const LoadArgs& load, const std::vector<double>& found) {
  if (found.empty()) return 0;
  const auto capacity = reference_capacity_of(options, load);
  const double window_s = static_cast<double>(options.duration_ns - options.warmup_ns) / 1e9;
  return stream::pass_margin(options.rules.backlog_slope_fraction, capacity ? capacity->busiest_share : 0,
                             *std::min_element(found.begin(), found.end()), window_s);
}

}  // namespace

int sustainable_command(const StreamArgs& args, const std::string& executable) {
  const LoadArgs& load = args.search_load;
  if (args.probe.empty())
    throw UsageError("--probe is required: a rate above what the SUT can take (e.g. twice your guess)");
  const double probe_rate = static_cast<double>(parse_rate(args.probe, "--probe"));
  stream::SearchSettings settings;
  settings.tolerance = parse_percent(args.tolerance, "--tolerance") / 100;
  settings.max_trials = args.max_trials;
  SearchRunner runner(args, executable);
  const auto first_options = runner.options_for(probe_rate);
  std::cout << fmt::format("tare stream sustainable: {}\n  trials of {} (warmup {}), SUT {}\n",
                           describe(first_options, load), format_latency(double(first_options.duration_ns)),
                           format_latency(double(first_options.warmup_ns)),
                           describe_sut(first_options, load))
            << std::flush;

  const auto& probe = runner.trial("probe", probe_rate);
  std::cout << "  driver: " << describe_scheduling(probe.result.scheduling) << "\n";
  nlohmann::json json{{"schema", "tare.stream.sustainable/1"},
                      {"config", config_json(first_options, load, "constant per trial")},
                      {"probe", trial_summary_json(probe_rate, probe.result)}};
  const double peak = drain_rate(probe.result);
  json["probe"]["drain_rate"] = std::isfinite(peak) ? nlohmann::json(peak) : nlohmann::json();
  int status = 0;
  if (probe.result.verdict.verdict == stream::Verdict::sustainable) {
    std::cout << fmt::format("  the SUT sustained the probe's {}: its sustainable throughput is at least that; "
                             "probe higher (--probe)\n",
                             format_rate(probe_rate));
    json["result"] = {{"status", "probe sustained"}, {"at_least", probe_rate}};
    status = 1;
  } else if (!(peak > 0)) {
    throw std::runtime_error("the probe measured no drain rate (the SUT took nothing)");
  } else {
    std::cout << fmt::format("  the SUT drained {} under overload: searching [{}, {}]\n", format_rate(peak),
                             format_rate(settings.low_fraction * peak), format_rate(settings.high_fraction * peak));
    std::vector<double> found, bracket_high;
    nlohmann::json repeats = nlohmann::json::array();
    for (int r = 0; r < args.repeats; ++r) {
      stream::SustainableSearch search(peak, settings);
      nlohmann::json trials = nlohmann::json::array();
      while (auto rate = search.next_rate()) {
        const auto& t = runner.trial(fmt::format("trial {}.{}", r + 1, search.trials() + 1), *rate);
        trials.push_back(trial_summary_json(*rate, t.result));
        if (t.result.verdict.verdict == stream::Verdict::invalid)
          throw std::runtime_error("two trials in a row were invalid: the driver could not keep its schedule (the "
                                   "reasons above say why); this says nothing about the SUT's throughput");
        search.record(*rate, t.result.verdict.verdict == stream::Verdict::sustainable);
      }
      found.push_back(search.sustainable_rate());
      bracket_high.push_back(search.unsustainable_rate());
      repeats.push_back({{"trials", trials},
                         {"sustainable_rate", search.sustainable_rate()},
                         {"unsustainable_rate", search.unsustainable_rate()},
                         {"converged", search.converged()}});
    }
    json["repeats"] = repeats;
    const auto combined = stream::combine_repeats(found, bracket_high, pass_margin(first_options, load, found));
    if (!(combined.estimate > 0)) {
      std::cout << "  no rate was found sustainable\n";
      json["result"] = {{"status", "none sustainable"}};
      status = 1;
    } else {
      const auto& at_rate = runner.trial("confirm", combined.estimate);
      const auto& at_90 = runner.trial("confirm 90%", 0.9 * combined.estimate);
      const bool confirmed = at_rate.result.verdict.verdict == stream::Verdict::sustainable;
      json["confirmation"] = {{"at_rate", trial_summary_json(combined.estimate, at_rate.result)},
                              {"at_90_percent", trial_summary_json(0.9 * combined.estimate, at_90.result)},
                              {"confirmed", confirmed}};
      json["result"] = {{"status", confirmed ? "found" : "not confirmed"},
                        {"sustainable_rate", combined.estimate},
                        {"ci_low", combined.ci_low},
                        {"ci_high", combined.ci_high},
                        {"min", combined.min},
                        {"max", combined.max},
                        {"repeats", combined.repeats}};
      std::cout << fmt::format("  sustainable throughput: {} (95% interval {} .. {}{})\n", format_rate(combined.estimate),
                               format_rate(combined.ci_low), format_rate(combined.ci_high),
                               combined.repeats > 1 ? fmt::format(", over {} searches", combined.repeats)
                                                    : std::string(", the search's bracket"));
      std::cout << fmt::format("  at 90% of it: event-time p99 {} (at the rate: {})\n",
                               format_latency(at_90.result.event_time.value_at_percentile(99)),
                               format_latency(at_rate.result.event_time.value_at_percentile(99)));
      const auto warnings = latency_warnings(at_90.result, first_options.run.window.size_ns);
      for (const auto& w : warnings) std::cout << "  warning: " << w << "\n";
      json["warnings"] = warnings;
      if (!confirmed) {
        std::cout << "  NOT CONFIRMED: the confirmation trial at that rate was " +
                         std::string(stream::verdict_name(at_rate.result.verdict.verdict)) + "\n";
        status = 1;
      }
    }
  }
  if (!load.json.empty()) write_json_file(load.json, json);
  return status;
}

}  // namespace tare::tool
