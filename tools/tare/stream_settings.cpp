#include "tools/tare/stream_settings.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "stream/transport/run_description.hpp"
#include "stream/trials/trial_defaults.hpp"
#include "input/duration.hpp"
#include "tools/tare/stream_options.hpp"

namespace tare::tool {
// `tare stream sut` listening on any free port, with the same knobs.
std::vector<std::string> model_sut_command(const std::string& executable, const SutKnobs& knobs) {
  return {executable,      "stream",          "sut",           "--listen",
          "127.0.0.1:0",   "--workers",       std::to_string(knobs.workers),
          "--cost",        knobs.cost,        "--stall-every", knobs.stall_every,
          "--stall",       knobs.stall,       "--slow-start",  knobs.slow_start,
          "--slow-factor", fmt::format("{}", knobs.slow_factor),
          "--credit",      std::to_string(knobs.credit),
          "--allowed-lateness", knobs.allowed_lateness};
}

std::atomic<bool>& stream_stop_flag() {
  static std::atomic<bool> stop{false};
  return stop;
}

stream::SutOptions sut_options(const SutKnobs& knobs, const std::string& prefix) {
  stream::SutOptions options;
  options.workers = knobs.workers;
  options.cost_ns = input::parse_duration_ns(knobs.cost, "--" + prefix + "cost", true);
  options.stall_every_ns = input::parse_duration_ns(knobs.stall_every, "--" + prefix + "stall-every", true);
  options.stall_ns = input::parse_duration_ns(knobs.stall, "--" + prefix + "stall", true);
  options.slow_start_ns = input::parse_duration_ns(knobs.slow_start, "--" + prefix + "slow-start", true);
  options.slow_start_factor = knobs.slow_factor;
  options.credit = knobs.credit;
  options.allowed_lateness_ns = input::parse_duration_ns(knobs.allowed_lateness, "--allowed-lateness", true);
  try {
    stream::validate(options);
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(e.what());
  }
  return options;
}

// A trial's driver options from the command line (the rate and duration given separately).
stream::DriverOptions driver_options(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns) {
  stream::DriverOptions options;
  (void)sut_options(load.knobs, "sut-");  // checks the knobs before anything runs
  try {
    options.run.query = stream::parse_query(load.query);
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(std::string("--query: ") + e.what());
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
  if (!load.disorder.empty()) options.workload.disorder = parse_disorder(load.disorder, "--disorder");
  options.allowed_lateness_ns = input::parse_duration_ns(load.knobs.allowed_lateness, "--allowed-lateness", true);
  options.duration_ns = duration_ns;
  options.warmup_ns =
      load.warmup.empty() ? stream::default_warmup_ns(duration_ns) : input::parse_duration_ns(load.warmup, "--warmup", true);
  if (options.warmup_ns >= duration_ns) throw input::UsageError("--warmup " + load.warmup + ": must be shorter than the duration");
  options.interval_ns =
      load.interval.empty() ? stream::default_interval_ns(duration_ns) : input::parse_duration_ns(load.interval, "--interval");
  options.sample_ns =
      load.sample.empty() ? stream::default_sample_ns(options.interval_ns) : input::parse_duration_ns(load.sample, "--sample");
  const double cap_s = static_cast<double>(input::parse_duration_ns(load.backlog_cap, "--backlog-cap")) / 1e9;
  options.backlog_cap = stream::backlog_cap_events(cap_s, peak_rate(rate), load.generators);
  options.rules.max_lateness_p99_ns = static_cast<double>(input::parse_duration_ns(load.max_lateness, "--max-lateness"));
  if (!load.done_timeout.empty()) options.done_timeout_ns = input::parse_duration_ns(load.done_timeout, "--done-timeout");
  if (!load.cooldown.empty()) options.cooldown_ns = input::parse_duration_ns(load.cooldown, "--cooldown", true);
  options.significant_figures = load.digits;
  options.realtime = !load.no_realtime;
  options.stop = &stream_stop_flag();
  try {
    stream::validate(options);
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(e.what());
  }
  return options;
}

stream::TrialSettings trial_settings(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns,
                                     const std::string& executable) {
  stream::TrialSettings settings;
  settings.driver = driver_options(load, rate, duration_ns);
  if (!load.sut.empty()) {
    try {
      settings.sut = stream::parse_address(load.sut, "--sut");
    } catch (const std::invalid_argument& e) {
      throw input::UsageError(e.what());
    }
  }
  if (load.sut.empty()) {
    settings.model_sut = sut_options(load.knobs, "sut-");
    settings.sut_command = model_sut_command(executable, load.knobs);
  }
  return settings;
}

}  // namespace tare::tool
