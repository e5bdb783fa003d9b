#include "tools/tare/stream_trial_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iostream>

#include "stream/transport/run_description.hpp"
#include "tools/tare/stream_report.hpp"

namespace tare::tool {
namespace {

nlohmann::json sut_knobs_json(const SutKnobs& knobs) {
  return {{"workers", knobs.workers},         {"cost", knobs.cost},
          {"stall_every", knobs.stall_every}, {"stall", knobs.stall},
          {"slow_start", knobs.slow_start},   {"slow_factor", knobs.slow_factor},
          {"credit", knobs.credit}};
}

}  // namespace

std::string describe(const stream::DriverOptions& o, const LoadArgs& load) {
  const auto& w = o.run.window;
  const std::string window = w.size_ns == w.slide_ns ? fmt::format("tumbling {} windows", format_latency(double(w.size_ns)))
                                                     : fmt::format("sliding {} windows every {}",
                                                                   format_latency(double(w.size_ns)),
                                                                   format_latency(double(w.slide_ns)));
  const bool windowed = o.run.query != stream::Query::identity;
  return fmt::format("{}{}, products {}{}", stream::query_name(o.run.query), windowed ? " on " + window : std::string(),
                     load.products, o.run.query == stream::Query::aggregate ? std::string() : ", users " + load.users);
}

std::string describe_sut(const stream::TrialSettings& settings, const LoadArgs& load) {
  const auto capacity = stream::model_capacity_of(settings);
  if (!capacity) return load.sut;
  if (std::isinf(capacity->events_per_s)) return "reference (started by tare), no per-event cost";
  const stream::SutOptions& sut = *settings.model_sut;
  std::string text = fmt::format("reference (started by tare), capacity {}: {} at {} per event", format_rate(capacity->events_per_s),
                                 sut.workers == 1 ? std::string("1 worker") : fmt::format("{} workers", sut.workers),
                                 format_latency(double(sut.cost_ns)));
  if (sut.workers > 1)
    text += fmt::format(", the busiest serving {:.1f}% of the events{}", 100 * capacity->busiest_share,
                        capacity->exact ? "" : " (estimated)");
  return text;
}

nlohmann::json config_json(const stream::TrialSettings& settings, const LoadArgs& load, const std::string& rate_text) {
  const stream::DriverOptions& o = settings.driver;
  const auto capacity = stream::model_capacity_of(settings);
  const bool bounded = capacity && std::isfinite(capacity->events_per_s);
  return {{"sut_capacity_per_s", bounded ? nlohmann::json(capacity->events_per_s) : nlohmann::json()},
          {"sut_busiest_worker_share", capacity ? nlohmann::json(capacity->busiest_share) : nlohmann::json()},
          {"sut", load.sut.empty() ? nlohmann::json("reference (started by tare)") : nlohmann::json(load.sut)},
          {"sut_knobs", load.sut.empty() ? sut_knobs_json(load.knobs) : nlohmann::json()},
          {"query", stream::query_name(o.run.query)},
          {"window_ns", o.run.window.size_ns},
          {"cooldown_ns", o.cooldown_ns},
          {"slide_ns", o.run.window.slide_ns},
          {"products", load.products},
          {"users", load.users},
          {"ad_share", o.run.query == stream::Query::join ? nlohmann::json(load.ad_share) : nlohmann::json()},
          {"seed", load.seed},
          {"disorder", o.workload.disorder.active()
                           ? nlohmann::json{{"fraction", o.workload.disorder.fraction},
                                            {"max_delay_ns", o.workload.disorder.max_delay_ns}}
                           : nlohmann::json()},
          {"allowed_lateness_ns", o.allowed_lateness_ns},
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

void ConsoleTrialLine::progress(const stream::BacklogSample& s, std::uint64_t outputs) {
  line_.update(fmt::format("  {:6.1f} s of {:g} s  generated {:>10}  backlog {:>9}  outputs {:>9}", s.t_s, duration_s_,
                           s.generated, s.backlog(), outputs));
}

void ConsoleTrialLine::driver_done() { line_.clear(); }

void note_sut_messages(const stream::TrialOutcome& outcome) {
  if (outcome.sut_messages_matter()) std::cerr << "  the SUT said: " << outcome.sut_messages;
}

}  // namespace tare::tool
