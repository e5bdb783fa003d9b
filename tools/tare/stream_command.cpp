#include "tools/tare/stream_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "stream/driver.hpp"
#include "stream/reference_sut.hpp"
#include "stream/search.hpp"
#include "stream/verify.hpp"
#include "tools/tare/quantities.hpp"
#include "tools/tare/stream_options.hpp"
#include "tools/tare/stream_report.hpp"
#include "tools/tare/stream_sut_process.hpp"

namespace tare::tool {
namespace {

// Ctrl-C ends the trial in progress; what was measured is still reported (marked incomplete).
std::atomic<bool> g_stop{false};
extern "C" void on_interrupt(int) { g_stop.store(true); }

// Regenerating events for the oracle costs memory (24 bytes each): above this, not checked.
constexpr std::uint64_t kMaxVerifiedEvents = 20'000'000;
// The backlog cap never holds more than this many events (400 MB).
constexpr std::uint64_t kMaxBacklogCap = 1u << 24;

void add_sut_knobs(CLI::App* cmd, SutKnobs& knobs, const std::string& prefix) {
  cmd->add_option("--" + prefix + "workers", knobs.workers, "Worker threads of the reference SUT")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  cmd->add_option("--" + prefix + "cost", knobs.cost,
                  "Per-event service time of a worker (e.g. 20us): capacity = workers / cost")
      ->capture_default_str();
  cmd->add_option("--" + prefix + "stall-every", knobs.stall_every, "Stall the SUT's input this often (e.g. 1s)")
      ->capture_default_str();
  cmd->add_option("--" + prefix + "stall", knobs.stall, "... for this long (e.g. 200ms)")->capture_default_str();
  cmd->add_option("--" + prefix + "slow-start", knobs.slow_start, "Run slower for this long after the first event")
      ->capture_default_str();
  cmd->add_option("--" + prefix + "slow-factor", knobs.slow_factor, "... with the cost multiplied by this")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1000.0));
  cmd->add_option("--" + prefix + "credit", knobs.credit, "Events a source requests ahead")
      ->capture_default_str()
      ->check(CLI::Range(1u, 1u << 20));
}

void add_load_options(CLI::App* cmd, LoadArgs& load) {
  cmd->add_option("--sut", load.sut, "HOST:PORT of a running SUT (default: start the reference SUT)");
  add_sut_knobs(cmd, load.knobs, "sut-");
  cmd->add_option("--query", load.query, "aggregate (sum of prices per product) or join (purchases x ads)")
      ->capture_default_str();
  cmd->add_option("--window", load.window, "SIZE (tumbling) or SIZE/SLIDE (sliding), e.g. 8s/4s")->capture_default_str();
  cmd->add_option("--products", load.products, "Product keys: uniform:N, zipf:N:S or hot:N:FRACTION")
      ->capture_default_str();
  cmd->add_option("--users", load.users, "User keys, same forms")->capture_default_str();
  cmd->add_option("--ad-share", load.ad_share, "join: share of events that are ads")->capture_default_str();
  cmd->add_option("--seed", load.seed, "Seed of the generated events")->capture_default_str();
  cmd->add_option("--generators", load.generators, "Generators (each its own queue and connection)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  cmd->add_option("--warmup", load.warmup, "Excluded from the verdict (default: 20% of the duration)");
  cmd->add_option("--interval", load.interval, "Latency histogram interval (default: duration/30, 10ms..1s)");
  cmd->add_option("--sample", load.sample, "Backlog sampling period (default: the interval, at most 100ms)");
  cmd->add_option("--backlog-cap", load.backlog_cap, "Abort when the backlog holds this much input (at the peak rate)")
      ->capture_default_str();
  cmd->add_option("--max-lateness", load.max_lateness, "Driver lateness p99 above this makes a trial invalid")
      ->capture_default_str();
  cmd->add_option("--digits", load.digits, "Significant digits of the latency histograms")
      ->capture_default_str()
      ->check(CLI::Range(1, 5));
  cmd->add_option("--json", load.json, "Write the results as JSON");
  cmd->add_option("--hdr-log", load.hdr_log, "Write the latency histograms as an HdrHistogram interval log");
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
    if (!(load.ad_share > 0 && load.ad_share < 1)) throw UsageError("--ad-share must be between 0 and 1 (exclusive)");
    options.workload.ad_share = load.ad_share;
  }
  options.workload.rate = rate;
  options.duration_ns = duration_ns;
  options.warmup_ns = load.warmup.empty() ? duration_ns / 5 : parse_duration_ns(load.warmup, "--warmup", true);
  if (options.warmup_ns >= duration_ns) throw UsageError("--warmup " + load.warmup + ": must be shorter than the duration");
  options.interval_ns = load.interval.empty()
                            ? std::clamp<std::int64_t>(duration_ns / 30 / 1'000'000 * 1'000'000, 10'000'000, 1'000'000'000)
                            : parse_duration_ns(load.interval, "--interval");
  options.sample_ns = load.sample.empty() ? std::min<std::int64_t>(options.interval_ns, 100'000'000)
                                          : parse_duration_ns(load.sample, "--sample");
  const double cap_s = static_cast<double>(parse_duration_ns(load.backlog_cap, "--backlog-cap")) / 1e9;
  options.backlog_cap = std::clamp<std::uint64_t>(
      static_cast<std::uint64_t>(cap_s * static_cast<double>(peak_rate(rate))), load.generators, kMaxBacklogCap);
  options.rules.max_lateness_p99_ns = static_cast<double>(parse_duration_ns(load.max_lateness, "--max-lateness"));
  options.significant_figures = load.digits;
  options.stop = &g_stop;
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

nlohmann::json config_json(const stream::DriverOptions& o, const LoadArgs& load, const std::string& rate_text) {
  return {{"sut", load.sut.empty() ? nlohmann::json("reference (started by tare)") : nlohmann::json(load.sut)},
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
          {"significant_figures", o.significant_figures}};
}

// One trial against the configured SUT, starting the reference SUT first when none is given.
struct TrialOutcome {
  stream::TrialResult result;
  std::string sut_messages;  // what the reference SUT said, when it was started here
};

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

Verification verify(const stream::DriverOptions& options, const stream::TrialResult& trial) {
  Verification v;
  if (!trial.complete) {
    v.message = "the run did not complete";
  } else if (!trial.drained) {
    v.message = "events were still queued when the run ended";
  } else if (trial.generated > kMaxVerifiedEvents) {
    v.message = fmt::format("{} events, more than the {} checked", trial.generated, kMaxVerifiedEvents);
  } else {
    std::vector<stream::Event> events;
    for (auto spec : stream::split_workload(options.workload, options.run.sources)) {
      spec.duration_ns = options.duration_ns;
      const auto part = stream::generate(spec, static_cast<std::size_t>(trial.generated));
      events.insert(events.end(), part.begin(), part.end());
    }
    if (events.size() != trial.generated) {
      v.status = "mismatch";
      v.message = fmt::format("the driver generated {} events but the schedule holds {}", trial.generated, events.size());
      return v;
    }
    const auto comparison = stream::verify_outputs(options.run.query, options.run.window, events, trial.kept_outputs);
    v.status = comparison.ok ? "match" : "mismatch";
    v.message = comparison.first_mismatch;
    v.expected_results = trial.kept_outputs.size();
    if (!comparison.ok) v.expected_results = comparison.matched;
  }
  return v;
}

void write_text_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error(path + ": cannot write");
  write(out);
  if (!out.flush()) throw std::runtime_error(path + ": cannot write");
}

void note_sut_messages(const TrialOutcome& outcome) {
  if (!outcome.result.complete && !outcome.sut_messages.empty())
    std::cerr << "  the SUT said: " << outcome.sut_messages;
}

int run_command(const StreamArgs& args, const std::string& executable) {
  const LoadArgs& load = args.run_load;
  if (args.rate.empty()) throw UsageError("--rate is required (events/s, e.g. 50k, or a shape like square:10k,80k,10s)");
  const auto rate = parse_rate_shape(args.rate, "--rate");
  const auto options = driver_options(load, rate, parse_duration_ns(args.duration, "--duration"));
  std::cout << fmt::format("tare stream run: {}\n  {} for {} (warmup {}), SUT {}\n", describe(options, load), args.rate,
                           format_latency(double(options.duration_ns)), format_latency(double(options.warmup_ns)),
                           load.sut.empty() ? "reference (started by tare)" : load.sut)
            << std::flush;
  const auto outcome = run_one(options, load, executable, ::isatty(STDERR_FILENO) != 0);
  const auto& trial = outcome.result;
  const Verification verification = verify(options, trial);
  write_trial_console(trial, verification, std::cout);
  note_sut_messages(outcome);
  if (!load.hdr_log.empty()) write_text_file(load.hdr_log, [&](std::ostream& out) { write_hdr_log(trial, out); });
  if (!load.json.empty())
    write_text_file(load.json, [&](std::ostream& out) {
      out << trial_json(trial, config_json(options, load, args.rate), verification, load.hdr_log).dump(2) << "\n";
    });
  // The verdict is a finding, not a failure; a run that broke off or results that differ
  // from the oracle are.
  return !trial.complete || verification.status == "mismatch" ? 1 : 0;
}

// ---- sustainable ---------------------------------------------------------------------------

// The SUT's drain rate during the probe: events taken per second after the first fifth of
// what ran (the probe may stop early at the backlog cap).
double drain_rate(const stream::TrialResult& probe) {
  if (probe.backlog.size() < 2) return NAN;
  const double end = probe.backlog.back().t_s;
  const stream::BacklogSample* first = nullptr;
  for (const auto& s : probe.backlog)
    if (s.t_s >= end / 5) { first = &s; break; }
  const auto& last = probe.backlog.back();
  if (!first || last.t_s <= first->t_s) return NAN;
  return static_cast<double>(last.taken - first->taken) / (last.t_s - first->t_s);
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

int sustainable_command(const StreamArgs& args, const std::string& executable) {
  const LoadArgs& load = args.search_load;
  if (args.probe.empty())
    throw UsageError("--probe is required: a rate above what the SUT can take (e.g. twice your guess)");
  const double probe_rate = static_cast<double>(parse_rate(args.probe, "--probe"));
  stream::SearchSettings settings;
  settings.tolerance = parse_percent(args.tolerance, "--tolerance") / 100;
  settings.max_trials = args.max_trials;
  if (args.max_trials < 1) throw UsageError("--max-trials must be at least 1");
  if (args.repeats < 1) throw UsageError("--repeats must be at least 1");
  SearchRunner runner(args, executable);
  const auto first_options = runner.options_for(probe_rate);
  std::cout << fmt::format("tare stream sustainable: {}\n  trials of {} (warmup {}), SUT {}\n",
                           describe(first_options, load), format_latency(double(first_options.duration_ns)),
                           format_latency(double(first_options.warmup_ns)),
                           load.sut.empty() ? "reference (started by tare)" : load.sut)
            << std::flush;

  const auto& probe = runner.trial("probe", probe_rate);
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
          throw std::runtime_error("two trials in a row were invalid (the driver, not the SUT, was the bottleneck); "
                                   "see the reasons above");
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
    const auto combined = stream::combine_repeats(found, bracket_high);
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
      if (!confirmed) {
        std::cout << "  NOT CONFIRMED: the confirmation trial at that rate was " +
                         std::string(stream::verdict_name(at_rate.result.verdict.verdict)) + "\n";
        status = 1;
      }
    }
  }
  if (!load.json.empty()) write_text_file(load.json, [&](std::ostream& out) { out << json.dump(2) << "\n"; });
  return status;
}

// ---- sut -------------------------------------------------------------------------------------

int sut_command(const StreamArgs& args) {
  stream::SutOptions options = sut_options(args.sut_knobs, "");
  try {
    options.listen = stream::parse_address(args.listen, "--listen");
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  options.serve_once = !args.serve;
  stream::run_reference_sut(
      options, [](const stream::Address& a) { std::cout << "listening on " << a.text() << std::endl; },
      [](const std::string& message) { std::cerr << "tare stream sut: " << message << std::endl; });
  return 0;
}

}  // namespace

void add_stream_commands(CLI::App& app, StreamArgs& args) {
  auto* stream = app.add_subcommand("stream", "Stream-system benchmarks: open-loop load, latency, sustainable throughput");
  stream->require_subcommand(1);

  args.run = stream->add_subcommand("run", "One fixed-rate trial: backlog, event-time and processing-time latency, verdict");
  args.run->add_option("--rate", args.rate, "Events/s (50k, 1.5M) or a shape: steps:R@D,..., square:LOW,HIGH,PERIOD, "
                                            "bursts:BASE,BURST,LENGTH,PERIOD");
  args.run->add_option("--duration", args.duration, "How long the load runs")->capture_default_str();
  add_load_options(args.run, args.run_load);

  args.sustainable = stream->add_subcommand(
      "sustainable", "The highest rate the SUT sustains: overload probe, bisection, confirmation at the rate and at 90%");
  args.sustainable->add_option("--probe", args.probe, "A rate above the SUT's capacity (e.g. twice your guess)");
  args.sustainable->add_option("--trial", args.trial, "Duration of each trial")->capture_default_str();
  args.sustainable->add_option("--tolerance", args.tolerance, "Stop when the bracket is this narrow, percent")
      ->capture_default_str();
  args.sustainable->add_option("--max-trials", args.max_trials, "Bisection trials per search at most")
      ->capture_default_str();
  args.sustainable->add_option("--repeats", args.repeats, "Independent searches, combined with an interval")
      ->capture_default_str();
  add_load_options(args.sustainable, args.search_load);

  args.sut = stream->add_subcommand("sut", "The reference system under test: listens and serves a driver's run");
  args.sut->add_option("--listen", args.listen, "HOST:PORT to listen on (port 0: any free port)")->capture_default_str();
  add_sut_knobs(args.sut, args.sut_knobs, "");
  args.sut->add_flag("--serve", args.serve, "Serve run after run until killed (default: one run)");
}

int stream_command(const StreamArgs& args, const std::string& executable) {
  if (args.sut && *args.sut) return sut_command(args);
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  if (args.run && *args.run) return run_command(args, executable);
  return sustainable_command(args, executable);
}

}  // namespace tare::tool
