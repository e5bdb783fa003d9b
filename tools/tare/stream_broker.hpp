// `tare stream broker`: librdkafka's mock Kafka cluster (stream/kafka/mock_cluster.hpp) for
// trying the Kafka transport without a Kafka. Its first line on stdout is the bootstrap
// address; it serves until SIGINT or SIGTERM. Without Kafka in the build it says so (exit 2).
#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tare::tool {

struct BrokerArgs {
  int brokers = 1, partitions = 1;
  std::string rtt = "0";
  std::vector<std::string> topics;
};

/// True when this build has Kafka (librdkafka, TARE_KAFKA).
bool kafka_built_in();
/// The one line a build without Kafka answers --kafka and `broker` with.
inline constexpr const char* kNoKafka =
    "this build of tare has no Kafka (it was built without librdkafka: install librdkafka-dev and rebuild)";

/// Adds `broker` to `stream`.
CLI::App* add_broker_command(CLI::App& stream, BrokerArgs& args);
/// Serves until `stop` is set; returns the exit status.
int broker_command(const BrokerArgs& args, const std::atomic<bool>& stop);

}  // namespace tare::tool
