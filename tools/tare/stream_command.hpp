// `tare stream run | sustainable | sut | broker`: one fixed-rate trial, the sustainable-throughput
// search, the model system under test, and a mock Kafka cluster. The command line becomes a trial's settings
// here (stream_settings.hpp) and the results are printed here; running trials and the SUT,
// the rules, the search procedure and the oracle check live in src/products/stream.
#pragma once

#include <cstdint>
#include <string>

#include "tools/tare/stream_broker.hpp"
#include "tools/tare/stream_kafka.hpp"

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

/// The model SUT's knobs, as `tare stream sut` takes them and as `run`/`sustainable`
/// pass them to the SUT they start themselves (prefixed --sut-).
struct SutKnobs {
  unsigned workers = 1;
  std::string cost = "0", stall_every = "0", stall = "0", slow_start = "0";
  double slow_factor = 1.0;
  unsigned credit = 1024;
  std::string allowed_lateness = "0";  ///< how long a window stays open for late events
};

/// What a trial is made of, shared by run and sustainable.
struct LoadArgs {
  std::string sut;  ///< HOST:PORT of a running SUT; empty: start the model SUT
  SutKnobs knobs;
  std::string query = "aggregate", window = "10ms", products = "uniform:100", users = "uniform:1000";
  double ad_share = 0.5;
  std::uint64_t seed = 1;
  std::string disorder;  ///< FRACTION:DELAY; empty: every event on time
  unsigned generators = 1;
  std::string warmup, interval, sample, backlog_cap = "10s", max_lateness = "5ms";
  std::string done_timeout;  ///< empty: the driver's default (the trial's duration, at least 10 s)
  std::string cooldown;      ///< empty: none over TCP, the window's size and 1 s over Kafka
  bool no_realtime = false;
  int digits = 3;
  std::string json, hdr_log;
};

struct StreamArgs {
  LoadArgs run_load;
  std::string rate, duration = "10s";
  bool quiet = false;
  KafkaArgs kafka;
  LoadArgs search_load;
  KafkaArgs search_kafka;
  std::string probe, trial = "10s", tolerance = "5%";
  int max_trials = 10, repeats = 1;
  std::string listen = "127.0.0.1:0";
  SutKnobs sut_knobs;
  bool serve = false;
  KafkaArgs sut_kafka;
  std::string sut_query = "aggregate", sut_window = "10ms";  ///< over Kafka (over TCP the driver says them)
  BrokerArgs broker_args;

  CLI::App* run = nullptr;
  CLI::App* sustainable = nullptr;
  CLI::App* sut = nullptr;
  CLI::App* broker = nullptr;
};

/// Adds `stream` and its subcommands to `app`.
void add_stream_commands(CLI::App& app, StreamArgs& args);
/// Runs the chosen one; `executable` is this program (it starts itself as the SUT).
int stream_command(const StreamArgs& args, const std::string& executable);

}  // namespace tare::tool
