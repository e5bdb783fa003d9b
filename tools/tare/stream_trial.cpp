#include "tools/tare/stream_trial.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "stream/protocol.hpp"
#include "stream/sut_capacity.hpp"
#include "stream/trial_defaults.hpp"
#include "tools/tare/quantities.hpp"
#include "tools/tare/stream_options.hpp"
#include "tools/tare/stream_sut_process.hpp"

namespace tare::tool {

std::optional<stream::SutCapacity> model_capacity_of(const stream::DriverOptions& o, const LoadArgs& load) {
  if (!load.sut.empty()) return std::nullopt;
  const stream::SutOptions sut = sut_options(load.knobs, "sut-");
  return stream::model_capacity(sut.workers, sut.cost_ns, o.run.query, o.workload);
}

std::atomic<bool>& stream_stop_flag() {
  static std::atomic<bool> stop{false};
  return stop;
}

stream::SutOptions sut_options(const SutKnobs& knobs, const std::string& prefix) {
  stream::SutOptions options;
  options.workers = knobs.workers;
  options.cost_ns = parse_duration_ns(knobs.cost, "--" + prefix + "cost", true);
  options.stall_every_ns = parse_duration_ns(knobs.stall_every, "--" + prefix + "stall-every", true);
  options.stall_ns = parse_duration_ns(knobs.stall, "--" + prefix + "stall", true);
  options.slow_start_ns = parse_duration_ns(knobs.slow_start, "--" + prefix + "slow-start", true);
  options.slow_start_factor = knobs.slow_factor;
  options.credit = knobs.credit;
  try {
    stream::validate(options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return options;
}

std::vector<std::string> sut_arguments(const SutKnobs& knobs) {
  return {"--workers", std::to_string(knobs.workers), "--cost", knobs.cost, "--stall-every", knobs.stall_every,
          "--stall", knobs.stall, "--slow-start", knobs.slow_start, "--slow-factor", fmt::format("{}", knobs.slow_factor),
          "--credit", std::to_string(knobs.credit)};
}

// A trial's driver options from the command line (the rate and duration given separately).
stream::DriverOptions driver_options(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns) {
  stream::DriverOptions options;
  (void)sut_options(load.knobs, "sut-");  // checks the knobs before anything runs
  if (!load.sut.empty()) {
    try {
      options.sut = stream::parse_address(load.sut, "--sut");
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  try {
    options.run.query = stream::parse_query(load.query);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--query: ") + e.what());
  }
  options.run.window = parse_window(load.window, "--window");
  options.run.sources = load.generators;
  options.workload.seed = load.seed;
  options.workload.products = parse_keys(load.products, "--products");
  options.workload.users = parse_keys(load.users, "--users");
  if (options.run.query == stream::Query::join) {
    options.workload.mix = stream::EventMix::purchases_and_ads;
    options.workload.ad_share = load.ad_share;
  }
  options.workload.rate = rate;
  options.duration_ns = duration_ns;
  options.warmup_ns =
      load.warmup.empty() ? stream::default_warmup_ns(duration_ns) : parse_duration_ns(load.warmup, "--warmup", true);
  if (options.warmup_ns >= duration_ns) throw UsageError("--warmup " + load.warmup + ": must be shorter than the duration");
  options.interval_ns =
      load.interval.empty() ? stream::default_interval_ns(duration_ns) : parse_duration_ns(load.interval, "--interval");
  options.sample_ns =
      load.sample.empty() ? stream::default_sample_ns(options.interval_ns) : parse_duration_ns(load.sample, "--sample");
  const double cap_s = static_cast<double>(parse_duration_ns(load.backlog_cap, "--backlog-cap")) / 1e9;
  options.backlog_cap = stream::backlog_cap_events(cap_s, peak_rate(rate), load.generators);
  options.rules.max_lateness_p99_ns = static_cast<double>(parse_duration_ns(load.max_lateness, "--max-lateness"));
  options.significant_figures = load.digits;
  options.realtime = !load.no_realtime;
  options.stop = &stream_stop_flag();
  try {
    stream::validate(options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return options;
}

std::string describe(const stream::DriverOptions& o, const LoadArgs& load) {
  const auto& w = o.run.window;
  const std::string window = w.size_ns == w.slide_ns ? fmt::format("tumbling {} windows", format_latency(double(w.size_ns)))
                                                     : fmt::format("sliding {} windows every {}",
                                                                   format_latency(double(w.size_ns)),
                                                                   format_latency(double(w.slide_ns)));
  return fmt::format("{} on {}, products {}{}", stream::query_name(o.run.query), window, load.products,
                     o.run.query == stream::Query::join ? ", users " + load.users : std::string());
}

std::string describe_sut(const stream::DriverOptions& o, const LoadArgs& load) {
  const auto capacity = model_capacity_of(o, load);
  if (!capacity) return load.sut;
  if (std::isinf(capacity->events_per_s)) return "reference (started by tare), no per-event cost";
  const stream::SutOptions sut = sut_options(load.knobs, "sut-");
  std::string text = fmt::format("reference (started by tare), capacity {}: {} at {} per event", format_rate(capacity->events_per_s),
                                 sut.workers == 1 ? std::string("1 worker") : fmt::format("{} workers", sut.workers),
                                 format_latency(double(sut.cost_ns)));
  if (sut.workers > 1)
    text += fmt::format(", the busiest serving {:.1f}% of the events{}", 100 * capacity->busiest_share,
                        capacity->exact ? "" : " (estimated)");
  return text;
}

nlohmann::json config_json(const stream::DriverOptions& o, const LoadArgs& load, const std::string& rate_text) {
  const auto capacity = model_capacity_of(o, load);
  const bool bounded = capacity && std::isfinite(capacity->events_per_s);
  return {{"sut_capacity_per_s", bounded ? nlohmann::json(capacity->events_per_s) : nlohmann::json()},
          {"sut_busiest_worker_share", capacity ? nlohmann::json(capacity->busiest_share) : nlohmann::json()},
          {"sut", load.sut.empty() ? nlohmann::json("reference (started by tare)") : nlohmann::json(load.sut)},
          {"sut_knobs",
           load.sut.empty() ? nlohmann::json{{"workers", load.knobs.workers},
                                             {"cost", load.knobs.cost},
                                             {"stall_every", load.knobs.stall_every},
                                             {"stall", load.knobs.stall},
                                             {"slow_start", load.knobs.slow_start},
                                             {"slow_factor", load.knobs.slow_factor},
                                             {"credit", load.knobs.credit}}
                            : nlohmann::json()},
          {"query", stream::query_name(o.run.query)},
          {"window_ns", o.run.window.size_ns},
          {"slide_ns", o.run.window.slide_ns},
          {"products", load.products},
          {"users", load.users},
          {"ad_share", o.run.query == stream::Query::join ? nlohmann::json(load.ad_share) : nlohmann::json()},
          {"seed", load.seed},
          {"generators", o.run.sources},
          {"rate", rate_text},
          {"duration_s", static_cast<double>(o.duration_ns) / 1e9},
          {"warmup_s", static_cast<double>(o.warmup_ns) / 1e9},
          {"interval_s", static_cast<double>(o.interval_ns) / 1e9},
          {"sample_s", static_cast<double>(o.sample_ns) / 1e9},
          {"backlog_cap", o.backlog_cap},
          {"max_lateness_p99_ns", o.rules.max_lateness_p99_ns},
          {"realtime", o.realtime},
          {"significant_figures", o.significant_figures}};
}

TrialOutcome run_one(const stream::DriverOptions& base, const LoadArgs& load, const std::string& executable,
                     bool live_progress) {
  stream::DriverOptions options = base;
  std::unique_ptr<SutProcess> sut;
  if (load.sut.empty()) {
    sut = std::make_unique<SutProcess>(executable, sut_arguments(load.knobs));
    options.sut = sut->address();
  }
  auto progress = [&](const stream::BacklogSample& s, std::uint64_t outputs) {
    std::cerr << fmt::format("\r  {:6.1f} s  generated {:>10}  backlog {:>9}  outputs {:>9}", s.t_s, s.generated,
                             s.backlog(), outputs)
              << std::flush;
  };
  TrialOutcome outcome;
  try {
    outcome.result = stream::run_trial(options, live_progress ? std::function(progress) : nullptr);
  } catch (const stream::ProtocolError& e) {
    throw std::runtime_error(std::string("the SUT at ") + options.sut.text() + ": " + e.what());
  }
  if (live_progress) std::cerr << "\r" << std::string(78, ' ') << "\r" << std::flush;
  if (sut) outcome.sut_messages = sut->finish(5000);
  return outcome;
}

void note_sut_messages(const TrialOutcome& outcome) {
  if (!outcome.result.complete && !outcome.sut_messages.empty())
    std::cerr << "  the SUT said: " << outcome.sut_messages;
}

}  // namespace tare::tool
