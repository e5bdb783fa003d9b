#include "tools/tare/stream_broker.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#include "input/cli.hpp"
#include "input/duration.hpp"
#include "input/number.hpp"
#include "input/usage_error.hpp"
#if TARE_HAVE_KAFKA
#include "stream/kafka/mock_cluster.hpp"
#endif

namespace tare::tool {
namespace {

constexpr std::int64_t kNsPerMs = 1'000'000;
// Bounds of the mock cluster asked for: the mock sets none; these keep a typo from opening
// thousands of sockets, and beyond a minute of delay clients time out anyway.
constexpr int kMostBrokers = 16, kMostPartitions = 1024, kMostRttMs = 60'000;

int rtt_ms(const std::string& text) {
  const auto ns = input::parse_duration_ns(text, "--rtt", true);
  if (ns % kNsPerMs != 0) throw input::UsageError("--rtt " + text + ": the mock broker delays in whole milliseconds");
  if (ns / kNsPerMs > kMostRttMs) throw input::UsageError("--rtt " + text + ": at most 60s");
  return static_cast<int>(ns / kNsPerMs);
}

}  // namespace

bool kafka_built_in() { return TARE_HAVE_KAFKA; }

CLI::App* add_broker_command(CLI::App& stream, BrokerArgs& args) {
  auto* cmd = stream.add_subcommand(
      "broker", "A mock Kafka cluster (librdkafka's, in memory, on loopback) for trying --kafka: prints its bootstrap "
                "address as its first line and serves until Ctrl-C or SIGTERM");
  input::add_number(cmd, "--brokers", args.brokers, input::whole_number<int>(1, kMostBrokers), "Brokers in the cluster");
  cmd->add_option("--rtt", args.rtt, "Delay every request by this much (whole milliseconds, e.g. 5ms)")
      ->capture_default_str();
  input::add_number(cmd, "--partitions", args.partitions, input::whole_number<int>(1, kMostPartitions),
                    "Partitions of each --topic");
  cmd->add_option("--topic", args.topics, "Create this topic before serving (repeatable; topics a client creates "
                                          "get the mock's default partition count)");
  cmd->footer("Example:\n  tare stream broker --partitions 4 --topic events --topic outputs");
  return cmd;
}

int broker_command(const BrokerArgs& args, const std::atomic<bool>& stop) {
  if (!kafka_built_in()) throw input::UsageError(kNoKafka);
  const int rtt = rtt_ms(args.rtt);
  for (const auto& topic : args.topics)
    if (topic.empty()) throw input::UsageError("--topic: a topic needs a name");
#if TARE_HAVE_KAFKA
  const stream::MockCluster cluster({args.brokers, rtt, args.partitions, args.topics});
  std::cout << cluster.bootstrap() << std::endl;
  cluster.serve_until(stop);
#else
  (void)rtt;
  (void)stop;
#endif
  return 0;
}

}  // namespace tare::tool
