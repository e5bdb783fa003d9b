#include "tools/tare/stream_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <csignal>
#include <iostream>

#include "input/cli.hpp"
#include "input/output_path.hpp"
#include "stream/trials/checked_trial.hpp"
#include "stream/histograms/hdr_log.hpp"
#include "stream/suts/model_sut.hpp"
#include "stream/suts/sut_process.hpp"
#include "system/atomic_file.hpp"
#include "input/duration.hpp"
#include "tools/tare/stream_options.hpp"
#include "tools/tare/stream_report.hpp"
#include "tools/tare/stream_settings.hpp"
#include "tools/tare/stream_sustainable.hpp"
#include "tools/tare/stream_trial_text.hpp"

namespace tare::tool {
namespace {

// Ctrl-C ends the trial in progress; what was measured is still reported (marked incomplete).
extern "C" void on_interrupt(int) { stream_stop_flag().store(true); }

// What the numeric options allow (input/number.hpp turns away nan, inf and overflow too).
constexpr double kMostThreadsOrGenerators = 64;
constexpr double kMostCredit = 1 << 20;
constexpr double kMostTrials = 1000;

input::Limits open_interval(double low, double high, const char* what) { return {low, high, true, true, false, what}; }
input::Limits closed_interval(double low, double high, const char* what) { return {low, high, false, false, false, what}; }

void add_sut_knobs(CLI::App* cmd, SutKnobs& knobs, const std::string& prefix) {
  input::add_number(cmd, "--" + prefix + "workers", knobs.workers,
                    input::whole_number<unsigned>(1, kMostThreadsOrGenerators), "Worker threads of the model SUT");
  cmd->add_option("--" + prefix + "cost", knobs.cost,
                  "Per-event service time of a worker (e.g. 20us): capacity = 1 / (cost x the busiest "
                  "worker's share of the events; run and sustainable print it)")
      ->capture_default_str();
  cmd->add_option("--" + prefix + "stall-every", knobs.stall_every, "Stall the SUT's input this often (e.g. 1s)")
      ->capture_default_str();
  cmd->add_option("--" + prefix + "stall", knobs.stall, "... for this long (e.g. 200ms)")->capture_default_str();
  cmd->add_option("--" + prefix + "slow-start", knobs.slow_start, "Run slower for this long after the first event")
      ->capture_default_str();
  input::add_number(cmd, "--" + prefix + "slow-factor", knobs.slow_factor, closed_interval(1, 1000, "a factor"),
                    "... with the cost multiplied by this");
  input::add_number(cmd, "--" + prefix + "credit", knobs.credit, input::whole_number<unsigned>(1, kMostCredit),
                    "Events a source requests ahead");
  // Not prefixed on run and sustainable: the oracle needs it there even for a SUT of yours.
  cmd->add_option("--allowed-lateness", knobs.allowed_lateness,
                  "How long after its end a window of the model SUT stays open for late events (it fires then)")
      ->capture_default_str();
}

void add_load_options(CLI::App* cmd, LoadArgs& load) {
  cmd->add_option("--sut", load.sut, "HOST:PORT of a running SUT (default: start the model SUT)");
  add_sut_knobs(cmd, load.knobs, "sut-");
  cmd->add_option("--query", load.query, "aggregate (sum of prices per product), join (purchases x ads) or identity (every event out once, unchanged)")
      ->capture_default_str();
  cmd->add_option("--window", load.window, "SIZE (tumbling) or SIZE/SLIDE (sliding), e.g. 8s/4s")->capture_default_str();
  cmd->add_option("--products", load.products, "Product keys: uniform:N, zipf:N:S or hot:N:FRACTION")
      ->capture_default_str();
  cmd->add_option("--users", load.users, "User keys, same forms")->capture_default_str();
  input::add_number(cmd, "--ad-share", load.ad_share, open_interval(0, 1, "a share"),
                    "join: share of events that are ads");
  input::add_number(cmd, "--seed", load.seed, input::whole_number<std::uint64_t>(), "Seed of the generated events");
  cmd->add_option("--disorder", load.disorder,
                  "FRACTION:DELAY: that share of the events carry an event time up to DELAY in the past (still "
                  "sent when due), e.g. 0.1:50ms");
  input::add_number(cmd, "--generators", load.generators, input::whole_number<unsigned>(1, kMostThreadsOrGenerators),
                    "Generators (each its own queue and connection)");
  cmd->add_option("--warmup", load.warmup, "Excluded from the verdict (default: 20% of the duration)");
  cmd->add_option("--interval", load.interval, "Latency histogram interval (default: duration/30, 10ms..1s)");
  cmd->add_option("--sample", load.sample, "Backlog sampling period (default: the interval, at most 100ms)");
  cmd->add_option("--backlog-cap", load.backlog_cap, "Abort when the backlog holds this much input (at the peak rate)")
      ->capture_default_str();
  cmd->add_option("--max-lateness", load.max_lateness,
                  "Driver lateness p99 above this, and above a tenth of the event-time p99, makes a trial invalid")
      ->capture_default_str();
  cmd->add_option("--done-timeout", load.done_timeout,
                  "How long the SUT has after the end of the load to send its last outputs and done before the "
                  "run ends incomplete (default: as long as the trial, at least 10s)");
  cmd->add_option("--cooldown", load.cooldown,
                  "Keep generating this long after the measured schedule (its windows fire, a SUT holding its "
                  "last input lets it go); only the schedule's events and windows are judged (default: none over "
                  "TCP, the window's size and 1s over Kafka)");
  cmd->add_flag("--no-realtime", load.no_realtime,
                "Do not ask for real-time priority for the driver's threads (by default they ask, and get it "
                "as root, with CAP_SYS_NICE or with an RLIMIT_RTPRIO of 10 or more)");
  input::add_number(cmd, "--digits", load.digits, input::whole_number<int>(1, 5),
                    "Significant digits of the latency histograms");
  cmd->add_option("--json", load.json, "Write the results as JSON");
  cmd->add_option("--hdr-log", load.hdr_log, "Write the latency histograms as an HdrHistogram interval log");
}

int run_command(const StreamArgs& args, const std::string& executable) {
  const LoadArgs& load = args.run_load;
  if (args.rate.empty()) throw input::UsageError("--rate is required (events/s, e.g. 50k, or a shape like square:10k,80k,10s)");
  const auto rate = parse_rate_shape(args.rate, "--rate");
  auto settings = trial_settings(load, rate, input::parse_duration_ns(args.duration, "--duration"), executable);
  // Over Kafka the SUT is named by where it is reached, in the console line and the JSON.
  LoadArgs shown = load;
  std::string over;
  if (kafka_chosen(args.kafka)) {
    use_kafka(args.kafka, load, executable, settings);
    if (args.kafka.external)
      shown.sut = kafka_sut_text(args.kafka);
    else
      over = ", over " + kafka_sut_text(args.kafka);
  }
  const auto& options = settings.driver;
  const std::string cooldown =
      options.cooldown_ns > 0 ? ", cool-down " + format_latency(double(options.cooldown_ns)) : std::string();
  std::cout << fmt::format("tare stream run: {}\n  {} for {} (warmup {}{}), SUT {}\n", describe(options, load),
                           args.rate, format_latency(double(options.duration_ns)),
                           format_latency(double(options.warmup_ns)), cooldown, describe_sut(settings, shown) + over)
            << std::flush;
  ConsoleTrialLine live_line(runner::progress_style(args.quiet), static_cast<double>(options.duration_ns) / 1e9);
  const auto checked = stream::run_checked_trial(settings, &live_line);
  const auto& trial = checked.outcome.result;
  write_trial_console(trial, checked.verification, checked.warnings, std::cout);
  note_sut_messages(checked.outcome);
  if (!load.hdr_log.empty())
    system::write_file_atomically(load.hdr_log, [&](std::ostream& out) { write_hdr_log(trial, out); });
  if (!load.json.empty()) {
    auto json = trial_json(trial, config_json(settings, shown, args.rate), checked.verification, load.hdr_log);
    if (!settings.transport_name.empty()) json["config"]["transport"] = settings.transport_name;
    json["warnings"] = checked.warnings;
    write_json_file(load.json, json);
  }
  return checked.failed() ? 1 : 0;
}

// ---- sut -------------------------------------------------------------------------------------

int sut_command(const StreamArgs& args) {
  if (kafka_chosen(args.sut_kafka)) {
    std::signal(SIGINT, on_interrupt);  // the Kafka SUT's way to stop
    std::signal(SIGTERM, on_interrupt);
    return kafka_sut_command(args.sut_kafka, args.sut_knobs, args.sut_query, args.sut_window, stream_stop_flag());
  }
  for (const char* flag : {"--query", "--window"})
    if (args.sut->count(flag) > 0)
      throw input::UsageError(std::string(flag) + " is for --kafka: over TCP the driver says the query and window");
  stream::SutOptions options = sut_options(args.sut_knobs, "");
  try {
    options.listen = stream::parse_address(args.listen, "--listen");
  } catch (const std::invalid_argument& e) {
    throw input::UsageError(e.what());
  }
  options.serve_once = !args.serve;
  stream::run_model_sut(
      options, [](const stream::Address& a) { std::cout << stream::kListeningGreeting << a.text() << std::endl; },
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
  args.run->add_flag("--quiet", args.quiet,
                     "No progress on stderr: neither the live line on a terminal nor a line every 5 s in a log");
  add_load_options(args.run, args.run_load);
  add_kafka_options(args.run, args.kafka, KafkaSide::driver);
  args.run->footer("Examples:\n  tare stream run --rate 50k --duration 30s\n"
                   "  tare stream run --rate square:10k,80k,10s --duration 1m --sut 127.0.0.1:9000 --json run.json");

  args.sustainable = stream->add_subcommand(
      "sustainable", "The highest rate the SUT sustains: overload probe, bisection, confirmation at the rate and at 90%");
  args.sustainable->add_option("--probe", args.probe, "A rate above the SUT's capacity (e.g. twice your guess)");
  args.sustainable->add_option("--trial", args.trial, "Duration of each trial")->capture_default_str();
  args.sustainable->add_option("--tolerance", args.tolerance, "Stop when the bracket is this narrow (a PERCENT, like 5%)")
      ->capture_default_str();
  input::add_number(args.sustainable, "--max-trials", args.max_trials, input::whole_number<int>(1, kMostTrials),
                    "Bisection trials per search at most");
  input::add_number(args.sustainable, "--repeats", args.repeats, input::whole_number<int>(1, kMostTrials),
                    "Independent searches, combined with an interval");
  add_load_options(args.sustainable, args.search_load);
  add_kafka_options(args.sustainable, args.search_kafka, KafkaSide::driver);
  args.sustainable->footer("Example:\n  tare stream sustainable --probe 200k --trial 10s --repeats 3 --json found.json");

  args.sut = stream->add_subcommand("sut", "The model system under test: listens and serves a driver's run");
  args.sut->add_option("--listen", args.listen, "HOST:PORT to listen on (port 0: any free port)")->capture_default_str();
  add_sut_knobs(args.sut, args.sut_knobs, "");
  args.sut->add_flag("--serve", args.serve, "Serve run after run until killed (default: one run; over Kafka always)");
  add_kafka_options(args.sut, args.sut_kafka, KafkaSide::sut);
  args.sut->add_option("--query", args.sut_query, "Kafka: aggregate, join or identity")->capture_default_str();
  args.sut->add_option("--window", args.sut_window, "Kafka: SIZE or SIZE/SLIDE")->capture_default_str();

  args.broker = add_broker_command(*stream, args.broker_args);
}

int stream_command(const StreamArgs& args, const std::string& executable) {
  if (args.sut && *args.sut) return sut_command(args);
  if (args.broker && *args.broker) {
    std::signal(SIGINT, on_interrupt);  // the broker's way to stop
    std::signal(SIGTERM, on_interrupt);
    return broker_command(args.broker_args, stream_stop_flag());
  }
  // Before any trial: a search that ran for an hour must not fail at writing its results.
  const LoadArgs& load = args.run && *args.run ? args.run_load : args.search_load;
  input::check_output_path(load.json, "--json");
  input::check_output_path(load.hdr_log, "--hdr-log");
  if (!load.hdr_log.empty() && !stream::hdr_compression_available())
    throw input::UsageError("--hdr-log " + load.hdr_log + ": " + std::string(stream::kHdrCompressionUnavailable));
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  if (args.run && *args.run) return run_command(args, executable);
  return sustainable_command(args, executable);
}

}  // namespace tare::tool
