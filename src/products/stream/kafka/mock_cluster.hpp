// librdkafka's mock Kafka cluster, as `tare stream broker` serves it: brokers on loopback
// ports of their own, inside this process, good for trying the Kafka transport and for the
// tests without a real Kafka. It keeps each partition's log in memory and bounds it (the
// oldest records go: docs/stream.md, "Kafka"), so it is a stand-in, never a system to
// measure. librdkafka marks the mock API experimental; only this file and its .cpp use it.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

struct rd_kafka_s;
struct rd_kafka_mock_cluster_s;

namespace tare::stream {

/// librdkafka refused something; the message says what and librdkafka's reason.
class KafkaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MockClusterOptions {
  int brokers = 1;
  /// Added by every broker to every request it answers (the mock's unit is a millisecond).
  int rtt_ms = 0;
  /// Partitions of each topic created here (topics the clients create get the mock's default).
  int partitions = 1;
  std::vector<std::string> topics;
};

class MockCluster {
 public:
  /// Starts the brokers and creates the topics; KafkaError when librdkafka refuses.
  explicit MockCluster(const MockClusterOptions& options);
  ~MockCluster();
  MockCluster(const MockCluster&) = delete;
  MockCluster& operator=(const MockCluster&) = delete;

  /// The bootstrap servers, "127.0.0.1:PORT[,127.0.0.1:PORT...]".
  const std::string& bootstrap() const noexcept { return bootstrap_; }
  /// Serves (the brokers run on librdkafka's threads) until `stop` is set.
  void serve_until(const std::atomic<bool>& stop) const;

 private:
  rd_kafka_s* handle_ = nullptr;  // the client librdkafka needs to own a mock cluster; never used
  rd_kafka_mock_cluster_s* cluster_ = nullptr;
  std::string bootstrap_;
};

}  // namespace tare::stream
