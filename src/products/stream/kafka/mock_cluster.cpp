#include "stream/kafka/mock_cluster.hpp"

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <chrono>
#include <thread>

namespace tare::stream {
namespace {

// How often serve_until looks at its flag: a stop is seen within this.
constexpr auto kStopCheck = std::chrono::milliseconds(20);

rd_kafka_t* new_idle_producer() {
  char reason[512];
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  // The handle only owns the cluster: it has no brokers of its own to reach, so it must not
  // log that it cannot reach them.
  rd_kafka_conf_set(conf, "log_level", "0", reason, sizeof reason);
  rd_kafka_t* handle = rd_kafka_new(RD_KAFKA_PRODUCER, conf, reason, sizeof reason);
  if (!handle) {
    rd_kafka_conf_destroy(conf);
    throw KafkaError(std::string("cannot create a Kafka client for the mock cluster: ") + reason);
  }
  return handle;
}

}  // namespace

MockCluster::MockCluster(const MockClusterOptions& options) : handle_(new_idle_producer()) {
  cluster_ = rd_kafka_mock_cluster_new(handle_, options.brokers);
  if (!cluster_) {
    rd_kafka_destroy(handle_);
    throw KafkaError("cannot start the mock Kafka cluster (librdkafka could not listen on loopback)");
  }
  bootstrap_ = rd_kafka_mock_cluster_bootstraps(cluster_);
  try {
    if (options.rtt_ms > 0) {
      const auto err = rd_kafka_mock_broker_set_rtt(cluster_, -1, options.rtt_ms);
      if (err) throw KafkaError(std::string("cannot set the mock brokers' delay: ") + rd_kafka_err2str(err));
    }
    for (const auto& topic : options.topics) {
      // Replication factor 1: the mock keeps one log per partition whatever it is, and one
      // replica spreads the partitions' leaders over the brokers.
      const auto err = rd_kafka_mock_topic_create(cluster_, topic.c_str(), options.partitions, 1);
      if (err) throw KafkaError("cannot create topic " + topic + ": " + rd_kafka_err2str(err));
    }
  } catch (...) {
    rd_kafka_mock_cluster_destroy(cluster_);
    rd_kafka_destroy(handle_);
    throw;
  }
}

MockCluster::~MockCluster() {
  rd_kafka_mock_cluster_destroy(cluster_);
  rd_kafka_destroy(handle_);
}

void MockCluster::serve_until(const std::atomic<bool>& stop) const {
  while (!stop.load()) std::this_thread::sleep_for(kStopCheck);
}

}  // namespace tare::stream
