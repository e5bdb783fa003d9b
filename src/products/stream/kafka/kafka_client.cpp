#include "stream/kafka/kafka_client.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "stream/kafka/mock_cluster.hpp"
#include "stream/transport/transport.hpp"
#include "stream/workload/monotonic_ns.hpp"

namespace tare::stream {
namespace {

void set_property(rd_kafka_conf_t* conf, const std::string& key, const std::string& value) {
  char reason[512];
  if (rd_kafka_conf_set(conf, key.c_str(), value.c_str(), reason, sizeof reason) != RD_KAFKA_CONF_OK) {
    rd_kafka_conf_destroy(conf);
    throw KafkaError("Kafka property " + key + "=" + value + ": " + reason);
  }
}

}  // namespace

void KafkaHandleDeleter::operator()(rd_kafka_s* handle) const { rd_kafka_destroy(handle); }

KafkaHandle new_kafka_handle(KafkaClientType type, const KafkaSettings& settings, const KafkaProperties& own,
                             void* opaque, DeliveryCallback delivered, ErrorCallback on_error) {
  rd_kafka_conf_t* conf = rd_kafka_conf_new();
  set_property(conf, "bootstrap.servers", settings.bootstrap);
  // A consumer's fetch waits up to fetch.wait.max.ms for records (500 ms by default, and
  // librdkafka's mock broker waits that long even when records arrive meanwhile): every
  // event would wait that long on its way. Tare's default, which the user's properties
  // override.
  if (type == KafkaClientType::consumer) set_property(conf, "fetch.wait.max.ms", std::to_string(kFetchWaitMs));
  for (const auto& [key, value] : settings.conf) set_property(conf, key, value);
  for (const auto& [key, value] : own) set_property(conf, key, value);
  if (delivered) rd_kafka_conf_set_dr_msg_cb(conf, delivered);
  if (on_error) rd_kafka_conf_set_error_cb(conf, on_error);
  rd_kafka_conf_set_opaque(conf, opaque);
  char reason[512];
  rd_kafka_t* handle =
      rd_kafka_new(type == KafkaClientType::producer ? RD_KAFKA_PRODUCER : RD_KAFKA_CONSUMER, conf, reason, sizeof reason);
  if (!handle) {
    rd_kafka_conf_destroy(conf);
    throw KafkaError(std::string("cannot create a Kafka client: ") + reason);
  }
  return KafkaHandle(handle);
}

// Asked of the whole cluster's metadata, never of the topic by name: a request naming a
// topic that does not exist creates it on a cluster that creates topics on demand (the mock
// does), with a partition count nobody chose.
// Asked of the whole cluster's metadata, never of the topic by name: a request naming a
// topic that does not exist creates it on a cluster that creates topics on demand (the mock
// does), with a partition count nobody chose.
int kafka_partition_count(rd_kafka_t* handle, const std::string& topic) {
  const std::int64_t start = monotonic_ns();
  const std::int64_t deadline = start + std::int64_t{kKafkaMetadataTimeoutMs} * 1'000'000;
  for (;;) {
    const rd_kafka_metadata_t* metadata = nullptr;
    const int left_ms = static_cast<int>(std::max<std::int64_t>(1, (deadline - monotonic_ns()) / 1'000'000));
    const rd_kafka_resp_err_t err = rd_kafka_metadata(handle, 1, nullptr, &metadata, left_ms);
    std::string problem = err ? rd_kafka_err2str(err) : "";
    if (!err) {
      int partitions = -1;
      for (int i = 0; i < metadata->topic_cnt; ++i)
        if (topic == metadata->topics[i].topic && !metadata->topics[i].err) partitions = metadata->topics[i].partition_cnt;
      rd_kafka_metadata_destroy(metadata);
      if (partitions > 0) return partitions;
      // The cluster answered without it: a topic being created shows up within the wait.
      if (monotonic_ns() - start >= std::int64_t{kMissingTopicWaitMs} * 1'000'000)
        throw NetError("Kafka topic " + topic + ": the cluster has no such topic (create it first, e.g. "
                       "tare stream broker --topic " + topic + ")");
      problem = "no such topic";
    }
    if (monotonic_ns() >= deadline)
      throw NetError("Kafka topic " + topic + ": " + problem + " (after " + std::to_string(kKafkaMetadataTimeoutMs / 1000) +
                     " s)");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

std::vector<std::int64_t> kafka_end_offsets(rd_kafka_t* handle, const std::string& topic) {
  std::vector<std::int64_t> ends(static_cast<std::size_t>(kafka_partition_count(handle, topic)));
  for (std::size_t p = 0; p < ends.size(); ++p) {
    std::int64_t low = 0, high = 0;
    const auto err = rd_kafka_query_watermark_offsets(handle, topic.c_str(), static_cast<std::int32_t>(p), &low, &high,
                                                      kKafkaMetadataTimeoutMs);
    if (err) throw NetError("Kafka topic " + topic + " partition " + std::to_string(p) + ": " + rd_kafka_err2str(err));
    ends[p] = high;
  }
  return ends;
}

rd_kafka_topic_partition_list_t* kafka_partitions_of(const std::string& topic, const std::vector<std::int64_t>& offsets) {
  auto* list = rd_kafka_topic_partition_list_new(static_cast<int>(offsets.size()));
  for (std::size_t p = 0; p < offsets.size(); ++p)
    rd_kafka_topic_partition_list_add(list, topic.c_str(), static_cast<std::int32_t>(p))->offset = offsets[p];
  return list;
}

}  // namespace tare::stream
